/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
"use strict";

var $protobuf = require("protobufjs/minimal");

var $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
var $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError, $Array = $util.global.Array, $TypeError = $util.global.TypeError, $Number = $util.global.Number, $String = $util.global.String, $Boolean = $util.global.Boolean, $isFinite = $util.global.isFinite;

var $root = $protobuf.roots["test3_1f9b1f98"] || ($protobuf.roots["test3_1f9b1f98"] = {});

$root.Order = (function() {

    var Order = function (properties) {
        this.items = [];
        this.tags = [];
        if (properties)
            for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                if (properties[keys[i]] != null && keys[i] !== "__proto__")
                    this[keys[i]] = properties[keys[i]];
    };

    Order.prototype.orderId = 0;
    Order.prototype.createdAt = "";
    Order.prototype.status = "";
    Order.prototype.currency = "";
    Order.prototype.giftWrap = false;
    Order.prototype.expressShipping = false;
    Order.prototype.customer = null;
    Order.prototype.shippingAddress = null;
    Order.prototype.items = $util.emptyArray;
    Order.prototype.subtotal = 0;
    Order.prototype.shippingCost = 0;
    Order.prototype.taxIncluded = 0;
    Order.prototype.total = 0;
    Order.prototype.couponCode = "";
    Order.prototype.tags = $util.emptyArray;

    Order.create = function(properties) {
        return new Order(properties);
    };

    Order.encode = function (message, writer, _depth) {
        if (!writer)
            writer = $Writer.create();
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        if (message.orderId != null && $Object.hasOwnProperty.call(message, "orderId") && message.orderId !== 0)
            writer.uint32(8).int32(message.orderId);
        if (message.createdAt != null && $Object.hasOwnProperty.call(message, "createdAt") && message.createdAt !== "")
            writer.uint32(18).string(message.createdAt);
        if (message.status != null && $Object.hasOwnProperty.call(message, "status") && message.status !== "")
            writer.uint32(26).string(message.status);
        if (message.currency != null && $Object.hasOwnProperty.call(message, "currency") && message.currency !== "")
            writer.uint32(34).string(message.currency);
        if (message.giftWrap != null && $Object.hasOwnProperty.call(message, "giftWrap") && message.giftWrap !== false)
            writer.uint32(40).bool(message.giftWrap);
        if (message.expressShipping != null && $Object.hasOwnProperty.call(message, "expressShipping") && message.expressShipping !== false)
            writer.uint32(48).bool(message.expressShipping);
        if (message.customer != null && $Object.hasOwnProperty.call(message, "customer"))
            $root.Order.Customer.encode(message.customer, writer.uint32(58).fork(), _depth + 1).ldelim();
        if (message.shippingAddress != null && $Object.hasOwnProperty.call(message, "shippingAddress"))
            $root.Order.ShippingAddress.encode(message.shippingAddress, writer.uint32(66).fork(), _depth + 1).ldelim();
        if (message.items != null && message.items.length)
            for (var i = 0; i < message.items.length; ++i)
                $root.Order.Item.encode(message.items[i], writer.uint32(74).fork(), _depth + 1).ldelim();
        if (message.subtotal != null && $Object.hasOwnProperty.call(message, "subtotal") && !$Object.is(message.subtotal, 0))
            writer.uint32(81).double(message.subtotal);
        if (message.shippingCost != null && $Object.hasOwnProperty.call(message, "shippingCost") && !$Object.is(message.shippingCost, 0))
            writer.uint32(89).double(message.shippingCost);
        if (message.taxIncluded != null && $Object.hasOwnProperty.call(message, "taxIncluded") && !$Object.is(message.taxIncluded, 0))
            writer.uint32(97).double(message.taxIncluded);
        if (message.total != null && $Object.hasOwnProperty.call(message, "total") && !$Object.is(message.total, 0))
            writer.uint32(105).double(message.total);
        if (message.couponCode != null && $Object.hasOwnProperty.call(message, "couponCode") && message.couponCode !== "")
            writer.uint32(114).string(message.couponCode);
        if (message.tags != null && message.tags.length)
            for (var i = 0; i < message.tags.length; ++i)
                writer.uint32(122).string(message.tags[i]);
        if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (var i = 0; i < message.$unknowns.length; ++i)
                writer.raw(message.$unknowns[i]);
        return writer;
    };

    Order.encodeDelimited = function(message, writer) {
        return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
    };

    Order.decode = function (reader, length, _end, _depth, _target) {
        if (!(reader instanceof $Reader))
            reader = $Reader.create(reader);
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $Reader.recursionLimit)
            throw $Error("max depth exceeded");
        var end, message, value;
        if (length === $undefined)
            end = reader.len;
        else {
            end = reader.pos + length;
            if (end > reader.len)
                throw $RangeError("index out of range");
            length = reader.len;
            reader.len = end;
        }
        message = _target || new $root.Order();
        while (reader.pos < end) {
            var start = reader.pos;
            var tag = reader.tag();
            if (tag === _end) {
                _end = $undefined;
                break;
            }
            var wireType = tag & 7;
            switch (tag >>>= 3) {
            case 1: {
                    if (wireType !== 0)
                        break;
                    if (value = reader.int32())
                        message.orderId = value;
                    else
                        delete message.orderId;
                    continue;
                }
            case 2: {
                    if (wireType !== 2)
                        break;
                    if ((value = reader.stringVerify()).length)
                        message.createdAt = value;
                    else
                        delete message.createdAt;
                    continue;
                }
            case 3: {
                    if (wireType !== 2)
                        break;
                    if ((value = reader.stringVerify()).length)
                        message.status = value;
                    else
                        delete message.status;
                    continue;
                }
            case 4: {
                    if (wireType !== 2)
                        break;
                    if ((value = reader.stringVerify()).length)
                        message.currency = value;
                    else
                        delete message.currency;
                    continue;
                }
            case 5: {
                    if (wireType !== 0)
                        break;
                    if (value = reader.bool())
                        message.giftWrap = value;
                    else
                        delete message.giftWrap;
                    continue;
                }
            case 6: {
                    if (wireType !== 0)
                        break;
                    if (value = reader.bool())
                        message.expressShipping = value;
                    else
                        delete message.expressShipping;
                    continue;
                }
            case 7: {
                    if (wireType !== 2)
                        break;
                    message.customer = $root.Order.Customer.decode(reader, reader.size(), $undefined, _depth + 1, message.customer);
                    continue;
                }
            case 8: {
                    if (wireType !== 2)
                        break;
                    message.shippingAddress = $root.Order.ShippingAddress.decode(reader, reader.size(), $undefined, _depth + 1, message.shippingAddress);
                    continue;
                }
            case 9: {
                    if (wireType !== 2)
                        break;
                    if (!(message.items && message.items.length))
                        message.items = [];
                    message.items.push($root.Order.Item.decode(reader, reader.size(), $undefined, _depth + 1));
                    continue;
                }
            case 10: {
                    if (wireType !== 1)
                        break;
                    if (!$Object.is(value = reader.double(), 0))
                        message.subtotal = value;
                    else
                        delete message.subtotal;
                    continue;
                }
            case 11: {
                    if (wireType !== 1)
                        break;
                    if (!$Object.is(value = reader.double(), 0))
                        message.shippingCost = value;
                    else
                        delete message.shippingCost;
                    continue;
                }
            case 12: {
                    if (wireType !== 1)
                        break;
                    if (!$Object.is(value = reader.double(), 0))
                        message.taxIncluded = value;
                    else
                        delete message.taxIncluded;
                    continue;
                }
            case 13: {
                    if (wireType !== 1)
                        break;
                    if (!$Object.is(value = reader.double(), 0))
                        message.total = value;
                    else
                        delete message.total;
                    continue;
                }
            case 14: {
                    if (wireType !== 2)
                        break;
                    if ((value = reader.stringVerify()).length)
                        message.couponCode = value;
                    else
                        delete message.couponCode;
                    continue;
                }
            case 15: {
                    if (wireType !== 2)
                        break;
                    if (!(message.tags && message.tags.length))
                        message.tags = [];
                    message.tags.push(reader.stringVerify());
                    continue;
                }
            }
            reader.skipType(wireType, _depth, tag);
            if (!reader.discardUnknown) {
                $util.makeProp(message, "$unknowns", false);
                (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
            }
        }
        if (length !== $undefined) {
            if (reader.pos !== end)
                throw $RangeError("index out of range");
            reader.len = length;
        }
        if (_end !== $undefined)
            throw $Error("missing end group");
        return message;
    };

    Order.decodeDelimited = function(reader) {
        if (!(reader instanceof $Reader))
            reader = new $Reader(reader);
        return this.decode(reader, reader.size());
    };

    Order.verify = function (message, _depth) {
        if (typeof message !== "object" || message === null)
            return "object expected";
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            return "max depth exceeded";
        if (message.orderId != null && $Object.hasOwnProperty.call(message, "orderId"))
            if (!$util.isInteger(message.orderId))
                return "orderId: integer expected";
        if (message.createdAt != null && $Object.hasOwnProperty.call(message, "createdAt"))
            if (!$util.isString(message.createdAt))
                return "createdAt: string expected";
        if (message.status != null && $Object.hasOwnProperty.call(message, "status"))
            if (!$util.isString(message.status))
                return "status: string expected";
        if (message.currency != null && $Object.hasOwnProperty.call(message, "currency"))
            if (!$util.isString(message.currency))
                return "currency: string expected";
        if (message.giftWrap != null && $Object.hasOwnProperty.call(message, "giftWrap"))
            if (typeof message.giftWrap !== "boolean")
                return "giftWrap: boolean expected";
        if (message.expressShipping != null && $Object.hasOwnProperty.call(message, "expressShipping"))
            if (typeof message.expressShipping !== "boolean")
                return "expressShipping: boolean expected";
        if (message.customer != null && $Object.hasOwnProperty.call(message, "customer")) {
            var error = $root.Order.Customer.verify(message.customer, _depth + 1);
            if (error)
                return "customer." + error;
        }
        if (message.shippingAddress != null && $Object.hasOwnProperty.call(message, "shippingAddress")) {
            var error = $root.Order.ShippingAddress.verify(message.shippingAddress, _depth + 1);
            if (error)
                return "shippingAddress." + error;
        }
        if (message.items != null && $Object.hasOwnProperty.call(message, "items")) {
            if (!$Array.isArray(message.items))
                return "items: array expected";
            for (var i = 0; i < message.items.length; ++i) {
                var error = $root.Order.Item.verify(message.items[i], _depth + 1);
                if (error)
                    return "items." + error;
            }
        }
        if (message.subtotal != null && $Object.hasOwnProperty.call(message, "subtotal"))
            if (typeof message.subtotal !== "number")
                return "subtotal: number expected";
        if (message.shippingCost != null && $Object.hasOwnProperty.call(message, "shippingCost"))
            if (typeof message.shippingCost !== "number")
                return "shippingCost: number expected";
        if (message.taxIncluded != null && $Object.hasOwnProperty.call(message, "taxIncluded"))
            if (typeof message.taxIncluded !== "number")
                return "taxIncluded: number expected";
        if (message.total != null && $Object.hasOwnProperty.call(message, "total"))
            if (typeof message.total !== "number")
                return "total: number expected";
        if (message.couponCode != null && $Object.hasOwnProperty.call(message, "couponCode"))
            if (!$util.isString(message.couponCode))
                return "couponCode: string expected";
        if (message.tags != null && $Object.hasOwnProperty.call(message, "tags")) {
            if (!$Array.isArray(message.tags))
                return "tags: array expected";
            for (var i = 0; i < message.tags.length; ++i)
                if (!$util.isString(message.tags[i]))
                    return "tags: string[] expected";
        }
        return null;
    };

    Order.fromObject = function (object, _depth) {
        if (object instanceof $root.Order)
            return object;
        if (!$util.isObject(object))
            throw $TypeError(".Order: object expected");
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        var message = new $root.Order();
        if (object.orderId != null)
            if ($Number(object.orderId) !== 0)
                message.orderId = object.orderId | 0;
        if (object.createdAt != null)
            if (typeof object.createdAt !== "string" || object.createdAt.length)
                message.createdAt = $String(object.createdAt);
        if (object.status != null)
            if (typeof object.status !== "string" || object.status.length)
                message.status = $String(object.status);
        if (object.currency != null)
            if (typeof object.currency !== "string" || object.currency.length)
                message.currency = $String(object.currency);
        if (object.giftWrap != null)
            if (object.giftWrap)
                message.giftWrap = $Boolean(object.giftWrap);
        if (object.expressShipping != null)
            if (object.expressShipping)
                message.expressShipping = $Boolean(object.expressShipping);
        if (object.customer != null) {
            if (!$util.isObject(object.customer))
                throw $TypeError(".Order.customer: object expected");
            message.customer = $root.Order.Customer.fromObject(object.customer, _depth + 1);
        }
        if (object.shippingAddress != null) {
            if (!$util.isObject(object.shippingAddress))
                throw $TypeError(".Order.shippingAddress: object expected");
            message.shippingAddress = $root.Order.ShippingAddress.fromObject(object.shippingAddress, _depth + 1);
        }
        if (object.items) {
            if (!$Array.isArray(object.items))
                throw $TypeError(".Order.items: array expected");
            message.items = $Array(object.items.length);
            for (var i = 0; i < object.items.length; ++i) {
                if (!$util.isObject(object.items[i]))
                    throw $TypeError(".Order.items: object expected");
                message.items[i] = $root.Order.Item.fromObject(object.items[i], _depth + 1);
            }
        }
        if (object.subtotal != null)
            if (!$Object.is($Number(object.subtotal), 0))
                message.subtotal = $Number(object.subtotal);
        if (object.shippingCost != null)
            if (!$Object.is($Number(object.shippingCost), 0))
                message.shippingCost = $Number(object.shippingCost);
        if (object.taxIncluded != null)
            if (!$Object.is($Number(object.taxIncluded), 0))
                message.taxIncluded = $Number(object.taxIncluded);
        if (object.total != null)
            if (!$Object.is($Number(object.total), 0))
                message.total = $Number(object.total);
        if (object.couponCode != null)
            if (typeof object.couponCode !== "string" || object.couponCode.length)
                message.couponCode = $String(object.couponCode);
        if (object.tags) {
            if (!$Array.isArray(object.tags))
                throw $TypeError(".Order.tags: array expected");
            message.tags = $Array(object.tags.length);
            for (var i = 0; i < object.tags.length; ++i)
                message.tags[i] = $String(object.tags[i]);
        }
        return message;
    };

    Order.toObject = function (message, options, _depth) {
        if (!options)
            options = {};
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        var object = {};
        if (options.arrays || options.defaults) {
            object.items = [];
            object.tags = [];
        }
        if (options.defaults) {
            object.orderId = 0;
            object.createdAt = "";
            object.status = "";
            object.currency = "";
            object.giftWrap = false;
            object.expressShipping = false;
            object.customer = null;
            object.shippingAddress = null;
            object.subtotal = 0;
            object.shippingCost = 0;
            object.taxIncluded = 0;
            object.total = 0;
            object.couponCode = "";
        }
        if (message.orderId != null && $Object.hasOwnProperty.call(message, "orderId"))
            object.orderId = message.orderId;
        if (message.createdAt != null && $Object.hasOwnProperty.call(message, "createdAt"))
            object.createdAt = message.createdAt;
        if (message.status != null && $Object.hasOwnProperty.call(message, "status"))
            object.status = message.status;
        if (message.currency != null && $Object.hasOwnProperty.call(message, "currency"))
            object.currency = message.currency;
        if (message.giftWrap != null && $Object.hasOwnProperty.call(message, "giftWrap"))
            object.giftWrap = message.giftWrap;
        if (message.expressShipping != null && $Object.hasOwnProperty.call(message, "expressShipping"))
            object.expressShipping = message.expressShipping;
        if (message.customer != null && $Object.hasOwnProperty.call(message, "customer"))
            object.customer = $root.Order.Customer.toObject(message.customer, options, _depth + 1);
        if (message.shippingAddress != null && $Object.hasOwnProperty.call(message, "shippingAddress"))
            object.shippingAddress = $root.Order.ShippingAddress.toObject(message.shippingAddress, options, _depth + 1);
        if (message.items && message.items.length) {
            object.items = $Array(message.items.length);
            for (var j = 0; j < message.items.length; ++j)
                object.items[j] = $root.Order.Item.toObject(message.items[j], options, _depth + 1);
        }
        if (message.subtotal != null && $Object.hasOwnProperty.call(message, "subtotal"))
            object.subtotal = options.json && !$isFinite(message.subtotal) ? $String(message.subtotal) : message.subtotal;
        if (message.shippingCost != null && $Object.hasOwnProperty.call(message, "shippingCost"))
            object.shippingCost = options.json && !$isFinite(message.shippingCost) ? $String(message.shippingCost) : message.shippingCost;
        if (message.taxIncluded != null && $Object.hasOwnProperty.call(message, "taxIncluded"))
            object.taxIncluded = options.json && !$isFinite(message.taxIncluded) ? $String(message.taxIncluded) : message.taxIncluded;
        if (message.total != null && $Object.hasOwnProperty.call(message, "total"))
            object.total = options.json && !$isFinite(message.total) ? $String(message.total) : message.total;
        if (message.couponCode != null && $Object.hasOwnProperty.call(message, "couponCode"))
            object.couponCode = message.couponCode;
        if (message.tags && message.tags.length) {
            object.tags = $Array(message.tags.length);
            for (var j = 0; j < message.tags.length; ++j)
                object.tags[j] = message.tags[j];
        }
        return object;
    };

    Order.prototype.toJSON = function() {
        return Order.toObject(this, $protobuf.util.toJSONOptions);
    };

    Order.getTypeUrl = function(prefix) {
        if (prefix === $undefined)
            prefix = "type.googleapis.com";
        return prefix + "/Order";
    };

    Order.Customer = (function() {

        var Customer = function (properties) {
            if (properties)
                for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        Customer.prototype.id = 0;
        Customer.prototype.firstName = "";
        Customer.prototype.lastName = "";
        Customer.prototype.email = "";
        Customer.prototype.newsletter = false;

        Customer.create = function(properties) {
            return new Customer(properties);
        };

        Customer.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.id != null && $Object.hasOwnProperty.call(message, "id") && message.id !== 0)
                writer.uint32(8).int32(message.id);
            if (message.firstName != null && $Object.hasOwnProperty.call(message, "firstName") && message.firstName !== "")
                writer.uint32(18).string(message.firstName);
            if (message.lastName != null && $Object.hasOwnProperty.call(message, "lastName") && message.lastName !== "")
                writer.uint32(26).string(message.lastName);
            if (message.email != null && $Object.hasOwnProperty.call(message, "email") && message.email !== "")
                writer.uint32(34).string(message.email);
            if (message.newsletter != null && $Object.hasOwnProperty.call(message, "newsletter") && message.newsletter !== false)
                writer.uint32(40).bool(message.newsletter);
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (var i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        Customer.encodeDelimited = function(message, writer) {
            return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
        };

        Customer.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            var end, message, value;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.Order.Customer();
            while (reader.pos < end) {
                var start = reader.pos;
                var tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                var wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType !== 0)
                            break;
                        if (value = reader.int32())
                            message.id = value;
                        else
                            delete message.id;
                        continue;
                    }
                case 2: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.firstName = value;
                        else
                            delete message.firstName;
                        continue;
                    }
                case 3: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.lastName = value;
                        else
                            delete message.lastName;
                        continue;
                    }
                case 4: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.email = value;
                        else
                            delete message.email;
                        continue;
                    }
                case 5: {
                        if (wireType !== 0)
                            break;
                        if (value = reader.bool())
                            message.newsletter = value;
                        else
                            delete message.newsletter;
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        Customer.decodeDelimited = function(reader) {
            if (!(reader instanceof $Reader))
                reader = new $Reader(reader);
            return this.decode(reader, reader.size());
        };

        Customer.verify = function (message, _depth) {
            if (typeof message !== "object" || message === null)
                return "object expected";
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                return "max depth exceeded";
            if (message.id != null && $Object.hasOwnProperty.call(message, "id"))
                if (!$util.isInteger(message.id))
                    return "id: integer expected";
            if (message.firstName != null && $Object.hasOwnProperty.call(message, "firstName"))
                if (!$util.isString(message.firstName))
                    return "firstName: string expected";
            if (message.lastName != null && $Object.hasOwnProperty.call(message, "lastName"))
                if (!$util.isString(message.lastName))
                    return "lastName: string expected";
            if (message.email != null && $Object.hasOwnProperty.call(message, "email"))
                if (!$util.isString(message.email))
                    return "email: string expected";
            if (message.newsletter != null && $Object.hasOwnProperty.call(message, "newsletter"))
                if (typeof message.newsletter !== "boolean")
                    return "newsletter: boolean expected";
            return null;
        };

        Customer.fromObject = function (object, _depth) {
            if (object instanceof $root.Order.Customer)
                return object;
            if (!$util.isObject(object))
                throw $TypeError(".Order.Customer: object expected");
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            var message = new $root.Order.Customer();
            if (object.id != null)
                if ($Number(object.id) !== 0)
                    message.id = object.id | 0;
            if (object.firstName != null)
                if (typeof object.firstName !== "string" || object.firstName.length)
                    message.firstName = $String(object.firstName);
            if (object.lastName != null)
                if (typeof object.lastName !== "string" || object.lastName.length)
                    message.lastName = $String(object.lastName);
            if (object.email != null)
                if (typeof object.email !== "string" || object.email.length)
                    message.email = $String(object.email);
            if (object.newsletter != null)
                if (object.newsletter)
                    message.newsletter = $Boolean(object.newsletter);
            return message;
        };

        Customer.toObject = function (message, options, _depth) {
            if (!options)
                options = {};
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            var object = {};
            if (options.defaults) {
                object.id = 0;
                object.firstName = "";
                object.lastName = "";
                object.email = "";
                object.newsletter = false;
            }
            if (message.id != null && $Object.hasOwnProperty.call(message, "id"))
                object.id = message.id;
            if (message.firstName != null && $Object.hasOwnProperty.call(message, "firstName"))
                object.firstName = message.firstName;
            if (message.lastName != null && $Object.hasOwnProperty.call(message, "lastName"))
                object.lastName = message.lastName;
            if (message.email != null && $Object.hasOwnProperty.call(message, "email"))
                object.email = message.email;
            if (message.newsletter != null && $Object.hasOwnProperty.call(message, "newsletter"))
                object.newsletter = message.newsletter;
            return object;
        };

        Customer.prototype.toJSON = function() {
            return Customer.toObject(this, $protobuf.util.toJSONOptions);
        };

        Customer.getTypeUrl = function(prefix) {
            if (prefix === $undefined)
                prefix = "type.googleapis.com";
            return prefix + "/Order.Customer";
        };

        return Customer;
    })();

    Order.ShippingAddress = (function() {

        var ShippingAddress = function (properties) {
            if (properties)
                for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        ShippingAddress.prototype.street = "";
        ShippingAddress.prototype.postalCode = "";
        ShippingAddress.prototype.city = "";
        ShippingAddress.prototype.country = "";

        ShippingAddress.create = function(properties) {
            return new ShippingAddress(properties);
        };

        ShippingAddress.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.street != null && $Object.hasOwnProperty.call(message, "street") && message.street !== "")
                writer.uint32(10).string(message.street);
            if (message.postalCode != null && $Object.hasOwnProperty.call(message, "postalCode") && message.postalCode !== "")
                writer.uint32(18).string(message.postalCode);
            if (message.city != null && $Object.hasOwnProperty.call(message, "city") && message.city !== "")
                writer.uint32(26).string(message.city);
            if (message.country != null && $Object.hasOwnProperty.call(message, "country") && message.country !== "")
                writer.uint32(34).string(message.country);
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (var i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        ShippingAddress.encodeDelimited = function(message, writer) {
            return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
        };

        ShippingAddress.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            var end, message, value;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.Order.ShippingAddress();
            while (reader.pos < end) {
                var start = reader.pos;
                var tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                var wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.street = value;
                        else
                            delete message.street;
                        continue;
                    }
                case 2: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.postalCode = value;
                        else
                            delete message.postalCode;
                        continue;
                    }
                case 3: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.city = value;
                        else
                            delete message.city;
                        continue;
                    }
                case 4: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.country = value;
                        else
                            delete message.country;
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        ShippingAddress.decodeDelimited = function(reader) {
            if (!(reader instanceof $Reader))
                reader = new $Reader(reader);
            return this.decode(reader, reader.size());
        };

        ShippingAddress.verify = function (message, _depth) {
            if (typeof message !== "object" || message === null)
                return "object expected";
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                return "max depth exceeded";
            if (message.street != null && $Object.hasOwnProperty.call(message, "street"))
                if (!$util.isString(message.street))
                    return "street: string expected";
            if (message.postalCode != null && $Object.hasOwnProperty.call(message, "postalCode"))
                if (!$util.isString(message.postalCode))
                    return "postalCode: string expected";
            if (message.city != null && $Object.hasOwnProperty.call(message, "city"))
                if (!$util.isString(message.city))
                    return "city: string expected";
            if (message.country != null && $Object.hasOwnProperty.call(message, "country"))
                if (!$util.isString(message.country))
                    return "country: string expected";
            return null;
        };

        ShippingAddress.fromObject = function (object, _depth) {
            if (object instanceof $root.Order.ShippingAddress)
                return object;
            if (!$util.isObject(object))
                throw $TypeError(".Order.ShippingAddress: object expected");
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            var message = new $root.Order.ShippingAddress();
            if (object.street != null)
                if (typeof object.street !== "string" || object.street.length)
                    message.street = $String(object.street);
            if (object.postalCode != null)
                if (typeof object.postalCode !== "string" || object.postalCode.length)
                    message.postalCode = $String(object.postalCode);
            if (object.city != null)
                if (typeof object.city !== "string" || object.city.length)
                    message.city = $String(object.city);
            if (object.country != null)
                if (typeof object.country !== "string" || object.country.length)
                    message.country = $String(object.country);
            return message;
        };

        ShippingAddress.toObject = function (message, options, _depth) {
            if (!options)
                options = {};
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            var object = {};
            if (options.defaults) {
                object.street = "";
                object.postalCode = "";
                object.city = "";
                object.country = "";
            }
            if (message.street != null && $Object.hasOwnProperty.call(message, "street"))
                object.street = message.street;
            if (message.postalCode != null && $Object.hasOwnProperty.call(message, "postalCode"))
                object.postalCode = message.postalCode;
            if (message.city != null && $Object.hasOwnProperty.call(message, "city"))
                object.city = message.city;
            if (message.country != null && $Object.hasOwnProperty.call(message, "country"))
                object.country = message.country;
            return object;
        };

        ShippingAddress.prototype.toJSON = function() {
            return ShippingAddress.toObject(this, $protobuf.util.toJSONOptions);
        };

        ShippingAddress.getTypeUrl = function(prefix) {
            if (prefix === $undefined)
                prefix = "type.googleapis.com";
            return prefix + "/Order.ShippingAddress";
        };

        return ShippingAddress;
    })();

    Order.Item = (function() {

        var Item = function (properties) {
            if (properties)
                for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        Item.prototype.sku = "";
        Item.prototype.name = "";
        Item.prototype.quantity = 0;
        Item.prototype.unitPrice = 0;
        Item.prototype.inStock = false;

        Item.create = function(properties) {
            return new Item(properties);
        };

        Item.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.sku != null && $Object.hasOwnProperty.call(message, "sku") && message.sku !== "")
                writer.uint32(10).string(message.sku);
            if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                writer.uint32(18).string(message.name);
            if (message.quantity != null && $Object.hasOwnProperty.call(message, "quantity") && message.quantity !== 0)
                writer.uint32(24).int32(message.quantity);
            if (message.unitPrice != null && $Object.hasOwnProperty.call(message, "unitPrice") && !$Object.is(message.unitPrice, 0))
                writer.uint32(33).double(message.unitPrice);
            if (message.inStock != null && $Object.hasOwnProperty.call(message, "inStock") && message.inStock !== false)
                writer.uint32(40).bool(message.inStock);
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (var i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        Item.encodeDelimited = function(message, writer) {
            return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
        };

        Item.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            var end, message, value;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.Order.Item();
            while (reader.pos < end) {
                var start = reader.pos;
                var tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                var wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.sku = value;
                        else
                            delete message.sku;
                        continue;
                    }
                case 2: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.name = value;
                        else
                            delete message.name;
                        continue;
                    }
                case 3: {
                        if (wireType !== 0)
                            break;
                        if (value = reader.int32())
                            message.quantity = value;
                        else
                            delete message.quantity;
                        continue;
                    }
                case 4: {
                        if (wireType !== 1)
                            break;
                        if (!$Object.is(value = reader.double(), 0))
                            message.unitPrice = value;
                        else
                            delete message.unitPrice;
                        continue;
                    }
                case 5: {
                        if (wireType !== 0)
                            break;
                        if (value = reader.bool())
                            message.inStock = value;
                        else
                            delete message.inStock;
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        Item.decodeDelimited = function(reader) {
            if (!(reader instanceof $Reader))
                reader = new $Reader(reader);
            return this.decode(reader, reader.size());
        };

        Item.verify = function (message, _depth) {
            if (typeof message !== "object" || message === null)
                return "object expected";
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                return "max depth exceeded";
            if (message.sku != null && $Object.hasOwnProperty.call(message, "sku"))
                if (!$util.isString(message.sku))
                    return "sku: string expected";
            if (message.name != null && $Object.hasOwnProperty.call(message, "name"))
                if (!$util.isString(message.name))
                    return "name: string expected";
            if (message.quantity != null && $Object.hasOwnProperty.call(message, "quantity"))
                if (!$util.isInteger(message.quantity))
                    return "quantity: integer expected";
            if (message.unitPrice != null && $Object.hasOwnProperty.call(message, "unitPrice"))
                if (typeof message.unitPrice !== "number")
                    return "unitPrice: number expected";
            if (message.inStock != null && $Object.hasOwnProperty.call(message, "inStock"))
                if (typeof message.inStock !== "boolean")
                    return "inStock: boolean expected";
            return null;
        };

        Item.fromObject = function (object, _depth) {
            if (object instanceof $root.Order.Item)
                return object;
            if (!$util.isObject(object))
                throw $TypeError(".Order.Item: object expected");
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            var message = new $root.Order.Item();
            if (object.sku != null)
                if (typeof object.sku !== "string" || object.sku.length)
                    message.sku = $String(object.sku);
            if (object.name != null)
                if (typeof object.name !== "string" || object.name.length)
                    message.name = $String(object.name);
            if (object.quantity != null)
                if ($Number(object.quantity) !== 0)
                    message.quantity = object.quantity | 0;
            if (object.unitPrice != null)
                if (!$Object.is($Number(object.unitPrice), 0))
                    message.unitPrice = $Number(object.unitPrice);
            if (object.inStock != null)
                if (object.inStock)
                    message.inStock = $Boolean(object.inStock);
            return message;
        };

        Item.toObject = function (message, options, _depth) {
            if (!options)
                options = {};
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            var object = {};
            if (options.defaults) {
                object.sku = "";
                object.name = "";
                object.quantity = 0;
                object.unitPrice = 0;
                object.inStock = false;
            }
            if (message.sku != null && $Object.hasOwnProperty.call(message, "sku"))
                object.sku = message.sku;
            if (message.name != null && $Object.hasOwnProperty.call(message, "name"))
                object.name = message.name;
            if (message.quantity != null && $Object.hasOwnProperty.call(message, "quantity"))
                object.quantity = message.quantity;
            if (message.unitPrice != null && $Object.hasOwnProperty.call(message, "unitPrice"))
                object.unitPrice = options.json && !$isFinite(message.unitPrice) ? $String(message.unitPrice) : message.unitPrice;
            if (message.inStock != null && $Object.hasOwnProperty.call(message, "inStock"))
                object.inStock = message.inStock;
            return object;
        };

        Item.prototype.toJSON = function() {
            return Item.toObject(this, $protobuf.util.toJSONOptions);
        };

        Item.getTypeUrl = function(prefix) {
            if (prefix === $undefined)
                prefix = "type.googleapis.com";
            return prefix + "/Order.Item";
        };

        return Item;
    })();

    return Order;
})();

module.exports = $root;
