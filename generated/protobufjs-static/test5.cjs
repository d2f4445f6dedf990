/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
"use strict";

var $protobuf = require("protobufjs/minimal");

var $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
var $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError, $TypeError = $util.global.TypeError, $Number = $util.global.Number, $String = $util.global.String;

var $root = $protobuf.roots["test5_8a085ab7"] || ($protobuf.roots["test5_8a085ab7"] = {});

$root.Status = (function() {

    var Status = function (properties) {
        if (properties)
            for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                if (properties[keys[i]] != null && keys[i] !== "__proto__")
                    this[keys[i]] = properties[keys[i]];
    };

    Status.prototype.id = 0;
    Status.prototype.status = "";

    Status.create = function(properties) {
        return new Status(properties);
    };

    Status.encode = function (message, writer, _depth) {
        if (!writer)
            writer = $Writer.create();
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        if (message.id != null && $Object.hasOwnProperty.call(message, "id") && message.id !== 0)
            writer.uint32(8).int32(message.id);
        if (message.status != null && $Object.hasOwnProperty.call(message, "status") && message.status !== "")
            writer.uint32(18).string(message.status);
        if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (var i = 0; i < message.$unknowns.length; ++i)
                writer.raw(message.$unknowns[i]);
        return writer;
    };

    Status.encodeDelimited = function(message, writer) {
        return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
    };

    Status.decode = function (reader, length, _end, _depth, _target) {
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
        message = _target || new $root.Status();
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
                        message.status = value;
                    else
                        delete message.status;
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

    Status.decodeDelimited = function(reader) {
        if (!(reader instanceof $Reader))
            reader = new $Reader(reader);
        return this.decode(reader, reader.size());
    };

    Status.verify = function (message, _depth) {
        if (typeof message !== "object" || message === null)
            return "object expected";
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            return "max depth exceeded";
        if (message.id != null && $Object.hasOwnProperty.call(message, "id"))
            if (!$util.isInteger(message.id))
                return "id: integer expected";
        if (message.status != null && $Object.hasOwnProperty.call(message, "status"))
            if (!$util.isString(message.status))
                return "status: string expected";
        return null;
    };

    Status.fromObject = function (object, _depth) {
        if (object instanceof $root.Status)
            return object;
        if (!$util.isObject(object))
            throw $TypeError(".Status: object expected");
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        var message = new $root.Status();
        if (object.id != null)
            if ($Number(object.id) !== 0)
                message.id = object.id | 0;
        if (object.status != null)
            if (typeof object.status !== "string" || object.status.length)
                message.status = $String(object.status);
        return message;
    };

    Status.toObject = function (message, options, _depth) {
        if (!options)
            options = {};
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        var object = {};
        if (options.defaults) {
            object.id = 0;
            object.status = "";
        }
        if (message.id != null && $Object.hasOwnProperty.call(message, "id"))
            object.id = message.id;
        if (message.status != null && $Object.hasOwnProperty.call(message, "status"))
            object.status = message.status;
        return object;
    };

    Status.prototype.toJSON = function() {
        return Status.toObject(this, $protobuf.util.toJSONOptions);
    };

    Status.getTypeUrl = function(prefix) {
        if (prefix === $undefined)
            prefix = "type.googleapis.com";
        return prefix + "/Status";
    };

    return Status;
})();

module.exports = $root;
