/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
"use strict";

var $protobuf = require("protobufjs/minimal");

var $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
var $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError, $TypeError = $util.global.TypeError, $String = $util.global.String;

var $root = $protobuf.roots["test2_6665aeba"] || ($protobuf.roots["test2_6665aeba"] = {});

$root.Strings = (function() {

    var Strings = function (properties) {
        if (properties)
            for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                if (properties[keys[i]] != null && keys[i] !== "__proto__")
                    this[keys[i]] = properties[keys[i]];
    };

    Strings.prototype.name = "";
    Strings.prototype.city = "";
    Strings.prototype.greeting = "";
    Strings.prototype.status = "";
    Strings.prototype.language = "";
    Strings.prototype.note = "";

    Strings.create = function(properties) {
        return new Strings(properties);
    };

    Strings.encode = function (message, writer, _depth) {
        if (!writer)
            writer = $Writer.create();
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
            writer.uint32(10).string(message.name);
        if (message.city != null && $Object.hasOwnProperty.call(message, "city") && message.city !== "")
            writer.uint32(18).string(message.city);
        if (message.greeting != null && $Object.hasOwnProperty.call(message, "greeting") && message.greeting !== "")
            writer.uint32(26).string(message.greeting);
        if (message.status != null && $Object.hasOwnProperty.call(message, "status") && message.status !== "")
            writer.uint32(34).string(message.status);
        if (message.language != null && $Object.hasOwnProperty.call(message, "language") && message.language !== "")
            writer.uint32(42).string(message.language);
        if (message.note != null && $Object.hasOwnProperty.call(message, "note") && message.note !== "")
            writer.uint32(50).string(message.note);
        if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (var i = 0; i < message.$unknowns.length; ++i)
                writer.raw(message.$unknowns[i]);
        return writer;
    };

    Strings.encodeDelimited = function(message, writer) {
        return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
    };

    Strings.decode = function (reader, length, _end, _depth, _target) {
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
        message = _target || new $root.Strings();
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
                        message.name = value;
                    else
                        delete message.name;
                    continue;
                }
            case 2: {
                    if (wireType !== 2)
                        break;
                    if ((value = reader.stringVerify()).length)
                        message.city = value;
                    else
                        delete message.city;
                    continue;
                }
            case 3: {
                    if (wireType !== 2)
                        break;
                    if ((value = reader.stringVerify()).length)
                        message.greeting = value;
                    else
                        delete message.greeting;
                    continue;
                }
            case 4: {
                    if (wireType !== 2)
                        break;
                    if ((value = reader.stringVerify()).length)
                        message.status = value;
                    else
                        delete message.status;
                    continue;
                }
            case 5: {
                    if (wireType !== 2)
                        break;
                    if ((value = reader.stringVerify()).length)
                        message.language = value;
                    else
                        delete message.language;
                    continue;
                }
            case 6: {
                    if (wireType !== 2)
                        break;
                    if ((value = reader.stringVerify()).length)
                        message.note = value;
                    else
                        delete message.note;
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

    Strings.decodeDelimited = function(reader) {
        if (!(reader instanceof $Reader))
            reader = new $Reader(reader);
        return this.decode(reader, reader.size());
    };

    Strings.verify = function (message, _depth) {
        if (typeof message !== "object" || message === null)
            return "object expected";
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            return "max depth exceeded";
        if (message.name != null && $Object.hasOwnProperty.call(message, "name"))
            if (!$util.isString(message.name))
                return "name: string expected";
        if (message.city != null && $Object.hasOwnProperty.call(message, "city"))
            if (!$util.isString(message.city))
                return "city: string expected";
        if (message.greeting != null && $Object.hasOwnProperty.call(message, "greeting"))
            if (!$util.isString(message.greeting))
                return "greeting: string expected";
        if (message.status != null && $Object.hasOwnProperty.call(message, "status"))
            if (!$util.isString(message.status))
                return "status: string expected";
        if (message.language != null && $Object.hasOwnProperty.call(message, "language"))
            if (!$util.isString(message.language))
                return "language: string expected";
        if (message.note != null && $Object.hasOwnProperty.call(message, "note"))
            if (!$util.isString(message.note))
                return "note: string expected";
        return null;
    };

    Strings.fromObject = function (object, _depth) {
        if (object instanceof $root.Strings)
            return object;
        if (!$util.isObject(object))
            throw $TypeError(".Strings: object expected");
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        var message = new $root.Strings();
        if (object.name != null)
            if (typeof object.name !== "string" || object.name.length)
                message.name = $String(object.name);
        if (object.city != null)
            if (typeof object.city !== "string" || object.city.length)
                message.city = $String(object.city);
        if (object.greeting != null)
            if (typeof object.greeting !== "string" || object.greeting.length)
                message.greeting = $String(object.greeting);
        if (object.status != null)
            if (typeof object.status !== "string" || object.status.length)
                message.status = $String(object.status);
        if (object.language != null)
            if (typeof object.language !== "string" || object.language.length)
                message.language = $String(object.language);
        if (object.note != null)
            if (typeof object.note !== "string" || object.note.length)
                message.note = $String(object.note);
        return message;
    };

    Strings.toObject = function (message, options, _depth) {
        if (!options)
            options = {};
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        var object = {};
        if (options.defaults) {
            object.name = "";
            object.city = "";
            object.greeting = "";
            object.status = "";
            object.language = "";
            object.note = "";
        }
        if (message.name != null && $Object.hasOwnProperty.call(message, "name"))
            object.name = message.name;
        if (message.city != null && $Object.hasOwnProperty.call(message, "city"))
            object.city = message.city;
        if (message.greeting != null && $Object.hasOwnProperty.call(message, "greeting"))
            object.greeting = message.greeting;
        if (message.status != null && $Object.hasOwnProperty.call(message, "status"))
            object.status = message.status;
        if (message.language != null && $Object.hasOwnProperty.call(message, "language"))
            object.language = message.language;
        if (message.note != null && $Object.hasOwnProperty.call(message, "note"))
            object.note = message.note;
        return object;
    };

    Strings.prototype.toJSON = function() {
        return Strings.toObject(this, $protobuf.util.toJSONOptions);
    };

    Strings.getTypeUrl = function(prefix) {
        if (prefix === $undefined)
            prefix = "type.googleapis.com";
        return prefix + "/Strings";
    };

    return Strings;
})();

module.exports = $root;
