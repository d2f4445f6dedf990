/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
"use strict";

var $protobuf = require("protobufjs/minimal");

var $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
var $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError, $Array = $util.global.Array, $TypeError = $util.global.TypeError, $Number = $util.global.Number, $isFinite = $util.global.isFinite, $String = $util.global.String;

var $root = $protobuf.roots["test1_6c0e2558"] || ($protobuf.roots["test1_6c0e2558"] = {});

$root.Numbers = (function() {

    var Numbers = function (properties) {
        this.tempDeltas = [];
        if (properties)
            for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                if (properties[keys[i]] != null && keys[i] !== "__proto__")
                    this[keys[i]] = properties[keys[i]];
    };

    Numbers.prototype.stationId = 0;
    Numbers.prototype.clockOffsetMs = 0;
    Numbers.prototype.tempDeltas = $util.emptyArray;
    Numbers.prototype.lat = 0;
    Numbers.prototype.lon = 0;
    Numbers.prototype.calibration = null;

    Numbers.create = function(properties) {
        return new Numbers(properties);
    };

    Numbers.encode = function (message, writer, _depth) {
        if (!writer)
            writer = $Writer.create();
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        if (message.stationId != null && $Object.hasOwnProperty.call(message, "stationId") && message.stationId !== 0)
            writer.uint32(8).int32(message.stationId);
        if (message.clockOffsetMs != null && $Object.hasOwnProperty.call(message, "clockOffsetMs") && message.clockOffsetMs !== 0)
            writer.uint32(16).sint32(message.clockOffsetMs);
        if (message.tempDeltas != null && message.tempDeltas.length)
            writer.uint32(26).sint32s(message.tempDeltas);
        if (message.lat != null && $Object.hasOwnProperty.call(message, "lat") && !$Object.is(message.lat, 0))
            writer.uint32(33).double(message.lat);
        if (message.lon != null && $Object.hasOwnProperty.call(message, "lon") && !$Object.is(message.lon, 0))
            writer.uint32(41).double(message.lon);
        if (message.calibration != null && $Object.hasOwnProperty.call(message, "calibration"))
            $root.Numbers.Calibration.encode(message.calibration, writer.uint32(50).fork(), _depth + 1).ldelim();
        if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (var i = 0; i < message.$unknowns.length; ++i)
                writer.raw(message.$unknowns[i]);
        return writer;
    };

    Numbers.encodeDelimited = function(message, writer) {
        return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
    };

    Numbers.decode = function (reader, length, _end, _depth, _target) {
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
        message = _target || new $root.Numbers();
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
                        message.stationId = value;
                    else
                        delete message.stationId;
                    continue;
                }
            case 2: {
                    if (wireType !== 0)
                        break;
                    if (value = reader.sint32())
                        message.clockOffsetMs = value;
                    else
                        delete message.clockOffsetMs;
                    continue;
                }
            case 3: {
                    if (wireType === 2) {
                        if (!(message.tempDeltas && message.tempDeltas.length))
                            message.tempDeltas = [];
                        reader.sint32s(message.tempDeltas);
                        continue;
                    }
                    if (wireType !== 0)
                        break;
                    if (!(message.tempDeltas && message.tempDeltas.length))
                        message.tempDeltas = [];
                    message.tempDeltas.push(reader.sint32());
                    continue;
                }
            case 4: {
                    if (wireType !== 1)
                        break;
                    if (!$Object.is(value = reader.double(), 0))
                        message.lat = value;
                    else
                        delete message.lat;
                    continue;
                }
            case 5: {
                    if (wireType !== 1)
                        break;
                    if (!$Object.is(value = reader.double(), 0))
                        message.lon = value;
                    else
                        delete message.lon;
                    continue;
                }
            case 6: {
                    if (wireType !== 2)
                        break;
                    message.calibration = $root.Numbers.Calibration.decode(reader, reader.size(), $undefined, _depth + 1, message.calibration);
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

    Numbers.decodeDelimited = function(reader) {
        if (!(reader instanceof $Reader))
            reader = new $Reader(reader);
        return this.decode(reader, reader.size());
    };

    Numbers.verify = function (message, _depth) {
        if (typeof message !== "object" || message === null)
            return "object expected";
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            return "max depth exceeded";
        if (message.stationId != null && $Object.hasOwnProperty.call(message, "stationId"))
            if (!$util.isInteger(message.stationId))
                return "stationId: integer expected";
        if (message.clockOffsetMs != null && $Object.hasOwnProperty.call(message, "clockOffsetMs"))
            if (!$util.isInteger(message.clockOffsetMs))
                return "clockOffsetMs: integer expected";
        if (message.tempDeltas != null && $Object.hasOwnProperty.call(message, "tempDeltas")) {
            if (!$Array.isArray(message.tempDeltas))
                return "tempDeltas: array expected";
            for (var i = 0; i < message.tempDeltas.length; ++i)
                if (!$util.isInteger(message.tempDeltas[i]))
                    return "tempDeltas: integer[] expected";
        }
        if (message.lat != null && $Object.hasOwnProperty.call(message, "lat"))
            if (typeof message.lat !== "number")
                return "lat: number expected";
        if (message.lon != null && $Object.hasOwnProperty.call(message, "lon"))
            if (typeof message.lon !== "number")
                return "lon: number expected";
        if (message.calibration != null && $Object.hasOwnProperty.call(message, "calibration")) {
            var error = $root.Numbers.Calibration.verify(message.calibration, _depth + 1);
            if (error)
                return "calibration." + error;
        }
        return null;
    };

    Numbers.fromObject = function (object, _depth) {
        if (object instanceof $root.Numbers)
            return object;
        if (!$util.isObject(object))
            throw $TypeError(".Numbers: object expected");
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        var message = new $root.Numbers();
        if (object.stationId != null)
            if ($Number(object.stationId) !== 0)
                message.stationId = object.stationId | 0;
        if (object.clockOffsetMs != null)
            if ($Number(object.clockOffsetMs) !== 0)
                message.clockOffsetMs = object.clockOffsetMs | 0;
        if (object.tempDeltas) {
            if (!$Array.isArray(object.tempDeltas))
                throw $TypeError(".Numbers.tempDeltas: array expected");
            message.tempDeltas = $Array(object.tempDeltas.length);
            for (var i = 0; i < object.tempDeltas.length; ++i)
                message.tempDeltas[i] = object.tempDeltas[i] | 0;
        }
        if (object.lat != null)
            if (!$Object.is($Number(object.lat), 0))
                message.lat = $Number(object.lat);
        if (object.lon != null)
            if (!$Object.is($Number(object.lon), 0))
                message.lon = $Number(object.lon);
        if (object.calibration != null) {
            if (!$util.isObject(object.calibration))
                throw $TypeError(".Numbers.calibration: object expected");
            message.calibration = $root.Numbers.Calibration.fromObject(object.calibration, _depth + 1);
        }
        return message;
    };

    Numbers.toObject = function (message, options, _depth) {
        if (!options)
            options = {};
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        var object = {};
        if (options.arrays || options.defaults)
            object.tempDeltas = [];
        if (options.defaults) {
            object.stationId = 0;
            object.clockOffsetMs = 0;
            object.lat = 0;
            object.lon = 0;
            object.calibration = null;
        }
        if (message.stationId != null && $Object.hasOwnProperty.call(message, "stationId"))
            object.stationId = message.stationId;
        if (message.clockOffsetMs != null && $Object.hasOwnProperty.call(message, "clockOffsetMs"))
            object.clockOffsetMs = message.clockOffsetMs;
        if (message.tempDeltas && message.tempDeltas.length) {
            object.tempDeltas = $Array(message.tempDeltas.length);
            for (var j = 0; j < message.tempDeltas.length; ++j)
                object.tempDeltas[j] = message.tempDeltas[j];
        }
        if (message.lat != null && $Object.hasOwnProperty.call(message, "lat"))
            object.lat = options.json && !$isFinite(message.lat) ? $String(message.lat) : message.lat;
        if (message.lon != null && $Object.hasOwnProperty.call(message, "lon"))
            object.lon = options.json && !$isFinite(message.lon) ? $String(message.lon) : message.lon;
        if (message.calibration != null && $Object.hasOwnProperty.call(message, "calibration"))
            object.calibration = $root.Numbers.Calibration.toObject(message.calibration, options, _depth + 1);
        return object;
    };

    Numbers.prototype.toJSON = function() {
        return Numbers.toObject(this, $protobuf.util.toJSONOptions);
    };

    Numbers.getTypeUrl = function(prefix) {
        if (prefix === $undefined)
            prefix = "type.googleapis.com";
        return prefix + "/Numbers";
    };

    Numbers.Calibration = (function() {

        var Calibration = function (properties) {
            if (properties)
                for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        Calibration.prototype.offset = 0;
        Calibration.prototype.scale = 0;
        Calibration.prototype.drift = 0;

        Calibration.create = function(properties) {
            return new Calibration(properties);
        };

        Calibration.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.offset != null && $Object.hasOwnProperty.call(message, "offset") && message.offset !== 0)
                writer.uint32(8).sint32(message.offset);
            if (message.scale != null && $Object.hasOwnProperty.call(message, "scale") && !$Object.is(message.scale, 0))
                writer.uint32(17).double(message.scale);
            if (message.drift != null && $Object.hasOwnProperty.call(message, "drift") && !$Object.is(message.drift, 0))
                writer.uint32(25).double(message.drift);
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (var i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        Calibration.encodeDelimited = function(message, writer) {
            return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
        };

        Calibration.decode = function (reader, length, _end, _depth, _target) {
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
            message = _target || new $root.Numbers.Calibration();
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
                        if (value = reader.sint32())
                            message.offset = value;
                        else
                            delete message.offset;
                        continue;
                    }
                case 2: {
                        if (wireType !== 1)
                            break;
                        if (!$Object.is(value = reader.double(), 0))
                            message.scale = value;
                        else
                            delete message.scale;
                        continue;
                    }
                case 3: {
                        if (wireType !== 1)
                            break;
                        if (!$Object.is(value = reader.double(), 0))
                            message.drift = value;
                        else
                            delete message.drift;
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

        Calibration.decodeDelimited = function(reader) {
            if (!(reader instanceof $Reader))
                reader = new $Reader(reader);
            return this.decode(reader, reader.size());
        };

        Calibration.verify = function (message, _depth) {
            if (typeof message !== "object" || message === null)
                return "object expected";
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                return "max depth exceeded";
            if (message.offset != null && $Object.hasOwnProperty.call(message, "offset"))
                if (!$util.isInteger(message.offset))
                    return "offset: integer expected";
            if (message.scale != null && $Object.hasOwnProperty.call(message, "scale"))
                if (typeof message.scale !== "number")
                    return "scale: number expected";
            if (message.drift != null && $Object.hasOwnProperty.call(message, "drift"))
                if (typeof message.drift !== "number")
                    return "drift: number expected";
            return null;
        };

        Calibration.fromObject = function (object, _depth) {
            if (object instanceof $root.Numbers.Calibration)
                return object;
            if (!$util.isObject(object))
                throw $TypeError(".Numbers.Calibration: object expected");
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            var message = new $root.Numbers.Calibration();
            if (object.offset != null)
                if ($Number(object.offset) !== 0)
                    message.offset = object.offset | 0;
            if (object.scale != null)
                if (!$Object.is($Number(object.scale), 0))
                    message.scale = $Number(object.scale);
            if (object.drift != null)
                if (!$Object.is($Number(object.drift), 0))
                    message.drift = $Number(object.drift);
            return message;
        };

        Calibration.toObject = function (message, options, _depth) {
            if (!options)
                options = {};
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            var object = {};
            if (options.defaults) {
                object.offset = 0;
                object.scale = 0;
                object.drift = 0;
            }
            if (message.offset != null && $Object.hasOwnProperty.call(message, "offset"))
                object.offset = message.offset;
            if (message.scale != null && $Object.hasOwnProperty.call(message, "scale"))
                object.scale = options.json && !$isFinite(message.scale) ? $String(message.scale) : message.scale;
            if (message.drift != null && $Object.hasOwnProperty.call(message, "drift"))
                object.drift = options.json && !$isFinite(message.drift) ? $String(message.drift) : message.drift;
            return object;
        };

        Calibration.prototype.toJSON = function() {
            return Calibration.toObject(this, $protobuf.util.toJSONOptions);
        };

        Calibration.getTypeUrl = function(prefix) {
            if (prefix === $undefined)
                prefix = "type.googleapis.com";
            return prefix + "/Numbers.Calibration";
        };

        return Calibration;
    })();

    return Numbers;
})();

module.exports = $root;
