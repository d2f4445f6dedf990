/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
"use strict";

var $protobuf = require("protobufjs/minimal");

var $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
var $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError, $Array = $util.global.Array, $TypeError = $util.global.TypeError, $String = $util.global.String, $Number = $util.global.Number, $parseInt = $util.global.parseInt, $Boolean = $util.global.Boolean, $BigInt = $util.global.BigInt, $isFinite = $util.global.isFinite;

var $root = $protobuf.roots["test4_9691e1fe"] || ($protobuf.roots["test4_9691e1fe"] = {});

$root.Feed = (function() {

    var Feed = function (properties) {
        this.usersById = {};
        this.posts = [];
        if (properties)
            for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                if (properties[keys[i]] != null && keys[i] !== "__proto__")
                    this[keys[i]] = properties[keys[i]];
    };

    Feed.prototype.feedId = "";
    Feed.prototype.generatedAt = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
    Feed.prototype.cursor = "";
    Feed.prototype.hasMore = false;
    Feed.prototype.usersById = $util.emptyObject;
    Feed.prototype.posts = $util.emptyArray;

    Feed.create = function(properties) {
        return new Feed(properties);
    };

    Feed.encode = function (message, writer, _depth) {
        if (!writer)
            writer = $Writer.create();
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        if (message.feedId != null && $Object.hasOwnProperty.call(message, "feedId") && message.feedId !== "")
            writer.uint32(10).string(message.feedId);
        if (message.generatedAt != null && $Object.hasOwnProperty.call(message, "generatedAt") && (typeof message.generatedAt === "object" ? message.generatedAt.low || message.generatedAt.high : message.generatedAt !== 0))
            writer.uint32(16).int64(message.generatedAt);
        if (message.cursor != null && $Object.hasOwnProperty.call(message, "cursor") && message.cursor !== "")
            writer.uint32(26).string(message.cursor);
        if (message.hasMore != null && $Object.hasOwnProperty.call(message, "hasMore") && message.hasMore !== false)
            writer.uint32(32).bool(message.hasMore);
        if (message.usersById != null && $Object.hasOwnProperty.call(message, "usersById"))
            for (var keys = $Object.keys(message.usersById), i = 0; i < keys.length; ++i) {
                writer.uint32(42).fork().uint32(10).string(keys[i]);
                $root.Feed.UsersByIdValue.encode(message.usersById[keys[i]], writer.uint32(18).fork(), _depth + 1).ldelim().ldelim();
            }
        if (message.posts != null && message.posts.length)
            for (var i = 0; i < message.posts.length; ++i)
                $root.Feed.Post.encode(message.posts[i], writer.uint32(50).fork(), _depth + 1).ldelim();
        if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
            for (var i = 0; i < message.$unknowns.length; ++i)
                writer.raw(message.$unknowns[i]);
        return writer;
    };

    Feed.encodeDelimited = function(message, writer) {
        return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
    };

    Feed.decode = function (reader, length, _end, _depth, _target) {
        if (!(reader instanceof $Reader))
            reader = $Reader.create(reader);
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $Reader.recursionLimit)
            throw $Error("max depth exceeded");
        var end, message, key, value;
        if (length === $undefined)
            end = reader.len;
        else {
            end = reader.pos + length;
            if (end > reader.len)
                throw $RangeError("index out of range");
            length = reader.len;
            reader.len = end;
        }
        message = _target || new $root.Feed();
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
                        message.feedId = value;
                    else
                        delete message.feedId;
                    continue;
                }
            case 2: {
                    if (wireType !== 0)
                        break;
                    if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                        message.generatedAt = value;
                    else
                        delete message.generatedAt;
                    continue;
                }
            case 3: {
                    if (wireType !== 2)
                        break;
                    if ((value = reader.stringVerify()).length)
                        message.cursor = value;
                    else
                        delete message.cursor;
                    continue;
                }
            case 4: {
                    if (wireType !== 0)
                        break;
                    if (value = reader.bool())
                        message.hasMore = value;
                    else
                        delete message.hasMore;
                    continue;
                }
            case 5: {
                    if (wireType !== 2)
                        break;
                    if (message.usersById === $util.emptyObject)
                        message.usersById = {};
                    var end2 = reader.size() + reader.pos;
                    if (end2 > reader.len)
                        throw $RangeError("index out of range");
                    reader.len = end2;
                    key = "";
                    value = null;
                    while (reader.pos < end2) {
                        var tag2 = reader.tag();
                        wireType = tag2 & 7;
                        switch (tag2 >>>= 3) {
                        case 1:
                            if (wireType !== 2)
                                break;
                            key = reader.stringVerify();
                            continue;
                        case 2:
                            if (wireType !== 2)
                                break;
                            value = $root.Feed.UsersByIdValue.decode(reader, reader.size(), $undefined, _depth + 1, value);
                            continue;
                        }
                        reader.skipType(wireType, _depth, tag2);
                    }
                    if (reader.pos !== end2)
                        throw $RangeError("index out of range");
                    reader.len = end;
                    if (key === "__proto__")
                        $util.makeProp(message.usersById, key);
                    message.usersById[key] = value || new $root.Feed.UsersByIdValue();
                    continue;
                }
            case 6: {
                    if (wireType !== 2)
                        break;
                    if (!(message.posts && message.posts.length))
                        message.posts = [];
                    message.posts.push($root.Feed.Post.decode(reader, reader.size(), $undefined, _depth + 1));
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

    Feed.decodeDelimited = function(reader) {
        if (!(reader instanceof $Reader))
            reader = new $Reader(reader);
        return this.decode(reader, reader.size());
    };

    Feed.verify = function (message, _depth) {
        if (typeof message !== "object" || message === null)
            return "object expected";
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            return "max depth exceeded";
        if (message.feedId != null && $Object.hasOwnProperty.call(message, "feedId"))
            if (!$util.isString(message.feedId))
                return "feedId: string expected";
        if (message.generatedAt != null && $Object.hasOwnProperty.call(message, "generatedAt"))
            if (!$util.isInteger(message.generatedAt) && !(message.generatedAt && $util.isInteger(message.generatedAt.low) && $util.isInteger(message.generatedAt.high)))
                return "generatedAt: integer|Long expected";
        if (message.cursor != null && $Object.hasOwnProperty.call(message, "cursor"))
            if (!$util.isString(message.cursor))
                return "cursor: string expected";
        if (message.hasMore != null && $Object.hasOwnProperty.call(message, "hasMore"))
            if (typeof message.hasMore !== "boolean")
                return "hasMore: boolean expected";
        if (message.usersById != null && $Object.hasOwnProperty.call(message, "usersById")) {
            if (!$util.isObject(message.usersById))
                return "usersById: object expected";
            var key = $Object.keys(message.usersById);
            for (var i = 0; i < key.length; ++i) {
                var error = $root.Feed.UsersByIdValue.verify(message.usersById[key[i]], _depth + 1);
                if (error)
                    return "usersById." + error;
            }
        }
        if (message.posts != null && $Object.hasOwnProperty.call(message, "posts")) {
            if (!$Array.isArray(message.posts))
                return "posts: array expected";
            for (var i = 0; i < message.posts.length; ++i) {
                var error = $root.Feed.Post.verify(message.posts[i], _depth + 1);
                if (error)
                    return "posts." + error;
            }
        }
        return null;
    };

    Feed.fromObject = function (object, _depth) {
        if (object instanceof $root.Feed)
            return object;
        if (!$util.isObject(object))
            throw $TypeError(".Feed: object expected");
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        var message = new $root.Feed();
        if (object.feedId != null)
            if (typeof object.feedId !== "string" || object.feedId.length)
                message.feedId = $String(object.feedId);
        if (object.generatedAt != null)
            if (typeof object.generatedAt === "object" ? object.generatedAt.low || object.generatedAt.high : $Number(object.generatedAt) !== 0)
                if ($util.Long)
                    message.generatedAt = $util.Long.fromValue(object.generatedAt, false);
                else if (typeof object.generatedAt === "string")
                    message.generatedAt = $parseInt(object.generatedAt, 10);
                else if (typeof object.generatedAt === "number")
                    message.generatedAt = object.generatedAt;
                else if (typeof object.generatedAt === "object")
                    message.generatedAt = new $util.LongBits(object.generatedAt.low >>> 0, object.generatedAt.high >>> 0).toNumber();
        if (object.cursor != null)
            if (typeof object.cursor !== "string" || object.cursor.length)
                message.cursor = $String(object.cursor);
        if (object.hasMore != null)
            if (object.hasMore)
                message.hasMore = $Boolean(object.hasMore);
        if (object.usersById) {
            if (!$util.isObject(object.usersById))
                throw $TypeError(".Feed.usersById: object expected");
            message.usersById = {};
            for (var keys = $Object.keys(object.usersById), i = 0; i < keys.length; ++i) {
                if (keys[i] === "__proto__")
                    $util.makeProp(message.usersById, keys[i]);
                if (!$util.isObject(object.usersById[keys[i]]))
                    throw $TypeError(".Feed.usersById: object expected");
                message.usersById[keys[i]] = $root.Feed.UsersByIdValue.fromObject(object.usersById[keys[i]], _depth + 1);
            }
        }
        if (object.posts) {
            if (!$Array.isArray(object.posts))
                throw $TypeError(".Feed.posts: array expected");
            message.posts = $Array(object.posts.length);
            for (var i = 0; i < object.posts.length; ++i) {
                if (!$util.isObject(object.posts[i]))
                    throw $TypeError(".Feed.posts: object expected");
                message.posts[i] = $root.Feed.Post.fromObject(object.posts[i], _depth + 1);
            }
        }
        return message;
    };

    Feed.toObject = function (message, options, _depth) {
        if (!options)
            options = {};
        if (_depth === $undefined)
            _depth = 0;
        if (_depth > $util.recursionLimit)
            throw $Error("max depth exceeded");
        var object = {};
        if (options.arrays || options.defaults)
            object.posts = [];
        if (options.objects || options.defaults)
            object.usersById = {};
        if (options.defaults) {
            object.feedId = "";
            if ($util.Long) {
                var long = new $util.Long(0, 0, false);
                object.generatedAt = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
            } else
                object.generatedAt = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
            object.cursor = "";
            object.hasMore = false;
        }
        if (message.feedId != null && $Object.hasOwnProperty.call(message, "feedId"))
            object.feedId = message.feedId;
        if (message.generatedAt != null && $Object.hasOwnProperty.call(message, "generatedAt"))
            if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                object.generatedAt = typeof message.generatedAt === "number" ? $BigInt(message.generatedAt) : $util.Long.fromBits(message.generatedAt.low >>> 0, message.generatedAt.high >>> 0, false).toBigInt();
            else if (typeof message.generatedAt === "number")
                object.generatedAt = options.longs === $String ? $String(message.generatedAt) : message.generatedAt;
            else
                object.generatedAt = options.longs === $String ? $util.Long.prototype.toString.call(message.generatedAt) : options.longs === $Number ? new $util.LongBits(message.generatedAt.low >>> 0, message.generatedAt.high >>> 0).toNumber() : message.generatedAt;
        if (message.cursor != null && $Object.hasOwnProperty.call(message, "cursor"))
            object.cursor = message.cursor;
        if (message.hasMore != null && $Object.hasOwnProperty.call(message, "hasMore"))
            object.hasMore = message.hasMore;
        var keys2;
        if (message.usersById && (keys2 = $Object.keys(message.usersById)).length) {
            object.usersById = {};
            for (var j = 0; j < keys2.length; ++j) {
                if (keys2[j] === "__proto__")
                    $util.makeProp(object.usersById, keys2[j]);
                object.usersById[keys2[j]] = $root.Feed.UsersByIdValue.toObject(message.usersById[keys2[j]], options, _depth + 1);
            }
        }
        if (message.posts && message.posts.length) {
            object.posts = $Array(message.posts.length);
            for (var j = 0; j < message.posts.length; ++j)
                object.posts[j] = $root.Feed.Post.toObject(message.posts[j], options, _depth + 1);
        }
        return object;
    };

    Feed.prototype.toJSON = function() {
        return Feed.toObject(this, $protobuf.util.toJSONOptions);
    };

    Feed.getTypeUrl = function(prefix) {
        if (prefix === $undefined)
            prefix = "type.googleapis.com";
        return prefix + "/Feed";
    };

    Feed.UsersByIdValue = (function() {

        var UsersByIdValue = function (properties) {
            if (properties)
                for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        UsersByIdValue.prototype.name = "";
        UsersByIdValue.prototype.followers = 0;

        UsersByIdValue.create = function(properties) {
            return new UsersByIdValue(properties);
        };

        UsersByIdValue.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                writer.uint32(10).string(message.name);
            if (message.followers != null && $Object.hasOwnProperty.call(message, "followers") && message.followers !== 0)
                writer.uint32(16).int32(message.followers);
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (var i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        UsersByIdValue.encodeDelimited = function(message, writer) {
            return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
        };

        UsersByIdValue.decode = function (reader, length, _end, _depth, _target) {
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
            message = _target || new $root.Feed.UsersByIdValue();
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
                        if (wireType !== 0)
                            break;
                        if (value = reader.int32())
                            message.followers = value;
                        else
                            delete message.followers;
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

        UsersByIdValue.decodeDelimited = function(reader) {
            if (!(reader instanceof $Reader))
                reader = new $Reader(reader);
            return this.decode(reader, reader.size());
        };

        UsersByIdValue.verify = function (message, _depth) {
            if (typeof message !== "object" || message === null)
                return "object expected";
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                return "max depth exceeded";
            if (message.name != null && $Object.hasOwnProperty.call(message, "name"))
                if (!$util.isString(message.name))
                    return "name: string expected";
            if (message.followers != null && $Object.hasOwnProperty.call(message, "followers"))
                if (!$util.isInteger(message.followers))
                    return "followers: integer expected";
            return null;
        };

        UsersByIdValue.fromObject = function (object, _depth) {
            if (object instanceof $root.Feed.UsersByIdValue)
                return object;
            if (!$util.isObject(object))
                throw $TypeError(".Feed.UsersByIdValue: object expected");
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            var message = new $root.Feed.UsersByIdValue();
            if (object.name != null)
                if (typeof object.name !== "string" || object.name.length)
                    message.name = $String(object.name);
            if (object.followers != null)
                if ($Number(object.followers) !== 0)
                    message.followers = object.followers | 0;
            return message;
        };

        UsersByIdValue.toObject = function (message, options, _depth) {
            if (!options)
                options = {};
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            var object = {};
            if (options.defaults) {
                object.name = "";
                object.followers = 0;
            }
            if (message.name != null && $Object.hasOwnProperty.call(message, "name"))
                object.name = message.name;
            if (message.followers != null && $Object.hasOwnProperty.call(message, "followers"))
                object.followers = message.followers;
            return object;
        };

        UsersByIdValue.prototype.toJSON = function() {
            return UsersByIdValue.toObject(this, $protobuf.util.toJSONOptions);
        };

        UsersByIdValue.getTypeUrl = function(prefix) {
            if (prefix === $undefined)
                prefix = "type.googleapis.com";
            return prefix + "/Feed.UsersByIdValue";
        };

        return UsersByIdValue;
    })();

    Feed.Post = (function() {

        var Post = function (properties) {
            this.tags = [];
            this.comments = [];
            if (properties)
                for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        Post.prototype.id = 0;
        Post.prototype.createdAt = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
        Post.prototype.author = null;
        Post.prototype.text = "";
        Post.prototype.likes = 0;
        Post.prototype.reposts = 0;
        Post.prototype.engagementScore = 0;
        Post.prototype.tags = $util.emptyArray;
        Post.prototype.comments = $util.emptyArray;

        Post.create = function(properties) {
            return new Post(properties);
        };

        Post.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.id != null && $Object.hasOwnProperty.call(message, "id") && message.id !== 0)
                writer.uint32(8).int32(message.id);
            if (message.createdAt != null && $Object.hasOwnProperty.call(message, "createdAt") && (typeof message.createdAt === "object" ? message.createdAt.low || message.createdAt.high : message.createdAt !== 0))
                writer.uint32(16).int64(message.createdAt);
            if (message.author != null && $Object.hasOwnProperty.call(message, "author"))
                $root.Feed.Post.Author.encode(message.author, writer.uint32(26).fork(), _depth + 1).ldelim();
            if (message.text != null && $Object.hasOwnProperty.call(message, "text") && message.text !== "")
                writer.uint32(34).string(message.text);
            if (message.likes != null && $Object.hasOwnProperty.call(message, "likes") && message.likes !== 0)
                writer.uint32(40).int32(message.likes);
            if (message.reposts != null && $Object.hasOwnProperty.call(message, "reposts") && message.reposts !== 0)
                writer.uint32(48).int32(message.reposts);
            if (message.engagementScore != null && $Object.hasOwnProperty.call(message, "engagementScore") && !$Object.is(message.engagementScore, 0))
                writer.uint32(57).double(message.engagementScore);
            if (message.tags != null && message.tags.length)
                for (var i = 0; i < message.tags.length; ++i)
                    writer.uint32(66).string(message.tags[i]);
            if (message.comments != null && message.comments.length)
                for (var i = 0; i < message.comments.length; ++i)
                    $root.Feed.Post.Comment.encode(message.comments[i], writer.uint32(74).fork(), _depth + 1).ldelim();
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (var i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        Post.encodeDelimited = function(message, writer) {
            return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
        };

        Post.decode = function (reader, length, _end, _depth, _target) {
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
            message = _target || new $root.Feed.Post();
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
                        if (wireType !== 0)
                            break;
                        if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                            message.createdAt = value;
                        else
                            delete message.createdAt;
                        continue;
                    }
                case 3: {
                        if (wireType !== 2)
                            break;
                        message.author = $root.Feed.Post.Author.decode(reader, reader.size(), $undefined, _depth + 1, message.author);
                        continue;
                    }
                case 4: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.text = value;
                        else
                            delete message.text;
                        continue;
                    }
                case 5: {
                        if (wireType !== 0)
                            break;
                        if (value = reader.int32())
                            message.likes = value;
                        else
                            delete message.likes;
                        continue;
                    }
                case 6: {
                        if (wireType !== 0)
                            break;
                        if (value = reader.int32())
                            message.reposts = value;
                        else
                            delete message.reposts;
                        continue;
                    }
                case 7: {
                        if (wireType !== 1)
                            break;
                        if (!$Object.is(value = reader.double(), 0))
                            message.engagementScore = value;
                        else
                            delete message.engagementScore;
                        continue;
                    }
                case 8: {
                        if (wireType !== 2)
                            break;
                        if (!(message.tags && message.tags.length))
                            message.tags = [];
                        message.tags.push(reader.stringVerify());
                        continue;
                    }
                case 9: {
                        if (wireType !== 2)
                            break;
                        if (!(message.comments && message.comments.length))
                            message.comments = [];
                        message.comments.push($root.Feed.Post.Comment.decode(reader, reader.size(), $undefined, _depth + 1));
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

        Post.decodeDelimited = function(reader) {
            if (!(reader instanceof $Reader))
                reader = new $Reader(reader);
            return this.decode(reader, reader.size());
        };

        Post.verify = function (message, _depth) {
            if (typeof message !== "object" || message === null)
                return "object expected";
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                return "max depth exceeded";
            if (message.id != null && $Object.hasOwnProperty.call(message, "id"))
                if (!$util.isInteger(message.id))
                    return "id: integer expected";
            if (message.createdAt != null && $Object.hasOwnProperty.call(message, "createdAt"))
                if (!$util.isInteger(message.createdAt) && !(message.createdAt && $util.isInteger(message.createdAt.low) && $util.isInteger(message.createdAt.high)))
                    return "createdAt: integer|Long expected";
            if (message.author != null && $Object.hasOwnProperty.call(message, "author")) {
                var error = $root.Feed.Post.Author.verify(message.author, _depth + 1);
                if (error)
                    return "author." + error;
            }
            if (message.text != null && $Object.hasOwnProperty.call(message, "text"))
                if (!$util.isString(message.text))
                    return "text: string expected";
            if (message.likes != null && $Object.hasOwnProperty.call(message, "likes"))
                if (!$util.isInteger(message.likes))
                    return "likes: integer expected";
            if (message.reposts != null && $Object.hasOwnProperty.call(message, "reposts"))
                if (!$util.isInteger(message.reposts))
                    return "reposts: integer expected";
            if (message.engagementScore != null && $Object.hasOwnProperty.call(message, "engagementScore"))
                if (typeof message.engagementScore !== "number")
                    return "engagementScore: number expected";
            if (message.tags != null && $Object.hasOwnProperty.call(message, "tags")) {
                if (!$Array.isArray(message.tags))
                    return "tags: array expected";
                for (var i = 0; i < message.tags.length; ++i)
                    if (!$util.isString(message.tags[i]))
                        return "tags: string[] expected";
            }
            if (message.comments != null && $Object.hasOwnProperty.call(message, "comments")) {
                if (!$Array.isArray(message.comments))
                    return "comments: array expected";
                for (var i = 0; i < message.comments.length; ++i) {
                    var error = $root.Feed.Post.Comment.verify(message.comments[i], _depth + 1);
                    if (error)
                        return "comments." + error;
                }
            }
            return null;
        };

        Post.fromObject = function (object, _depth) {
            if (object instanceof $root.Feed.Post)
                return object;
            if (!$util.isObject(object))
                throw $TypeError(".Feed.Post: object expected");
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            var message = new $root.Feed.Post();
            if (object.id != null)
                if ($Number(object.id) !== 0)
                    message.id = object.id | 0;
            if (object.createdAt != null)
                if (typeof object.createdAt === "object" ? object.createdAt.low || object.createdAt.high : $Number(object.createdAt) !== 0)
                    if ($util.Long)
                        message.createdAt = $util.Long.fromValue(object.createdAt, false);
                    else if (typeof object.createdAt === "string")
                        message.createdAt = $parseInt(object.createdAt, 10);
                    else if (typeof object.createdAt === "number")
                        message.createdAt = object.createdAt;
                    else if (typeof object.createdAt === "object")
                        message.createdAt = new $util.LongBits(object.createdAt.low >>> 0, object.createdAt.high >>> 0).toNumber();
            if (object.author != null) {
                if (!$util.isObject(object.author))
                    throw $TypeError(".Feed.Post.author: object expected");
                message.author = $root.Feed.Post.Author.fromObject(object.author, _depth + 1);
            }
            if (object.text != null)
                if (typeof object.text !== "string" || object.text.length)
                    message.text = $String(object.text);
            if (object.likes != null)
                if ($Number(object.likes) !== 0)
                    message.likes = object.likes | 0;
            if (object.reposts != null)
                if ($Number(object.reposts) !== 0)
                    message.reposts = object.reposts | 0;
            if (object.engagementScore != null)
                if (!$Object.is($Number(object.engagementScore), 0))
                    message.engagementScore = $Number(object.engagementScore);
            if (object.tags) {
                if (!$Array.isArray(object.tags))
                    throw $TypeError(".Feed.Post.tags: array expected");
                message.tags = $Array(object.tags.length);
                for (var i = 0; i < object.tags.length; ++i)
                    message.tags[i] = $String(object.tags[i]);
            }
            if (object.comments) {
                if (!$Array.isArray(object.comments))
                    throw $TypeError(".Feed.Post.comments: array expected");
                message.comments = $Array(object.comments.length);
                for (var i = 0; i < object.comments.length; ++i) {
                    if (!$util.isObject(object.comments[i]))
                        throw $TypeError(".Feed.Post.comments: object expected");
                    message.comments[i] = $root.Feed.Post.Comment.fromObject(object.comments[i], _depth + 1);
                }
            }
            return message;
        };

        Post.toObject = function (message, options, _depth) {
            if (!options)
                options = {};
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            var object = {};
            if (options.arrays || options.defaults) {
                object.tags = [];
                object.comments = [];
            }
            if (options.defaults) {
                object.id = 0;
                if ($util.Long) {
                    var long = new $util.Long(0, 0, false);
                    object.createdAt = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                } else
                    object.createdAt = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                object.author = null;
                object.text = "";
                object.likes = 0;
                object.reposts = 0;
                object.engagementScore = 0;
            }
            if (message.id != null && $Object.hasOwnProperty.call(message, "id"))
                object.id = message.id;
            if (message.createdAt != null && $Object.hasOwnProperty.call(message, "createdAt"))
                if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                    object.createdAt = typeof message.createdAt === "number" ? $BigInt(message.createdAt) : $util.Long.fromBits(message.createdAt.low >>> 0, message.createdAt.high >>> 0, false).toBigInt();
                else if (typeof message.createdAt === "number")
                    object.createdAt = options.longs === $String ? $String(message.createdAt) : message.createdAt;
                else
                    object.createdAt = options.longs === $String ? $util.Long.prototype.toString.call(message.createdAt) : options.longs === $Number ? new $util.LongBits(message.createdAt.low >>> 0, message.createdAt.high >>> 0).toNumber() : message.createdAt;
            if (message.author != null && $Object.hasOwnProperty.call(message, "author"))
                object.author = $root.Feed.Post.Author.toObject(message.author, options, _depth + 1);
            if (message.text != null && $Object.hasOwnProperty.call(message, "text"))
                object.text = message.text;
            if (message.likes != null && $Object.hasOwnProperty.call(message, "likes"))
                object.likes = message.likes;
            if (message.reposts != null && $Object.hasOwnProperty.call(message, "reposts"))
                object.reposts = message.reposts;
            if (message.engagementScore != null && $Object.hasOwnProperty.call(message, "engagementScore"))
                object.engagementScore = options.json && !$isFinite(message.engagementScore) ? $String(message.engagementScore) : message.engagementScore;
            if (message.tags && message.tags.length) {
                object.tags = $Array(message.tags.length);
                for (var j = 0; j < message.tags.length; ++j)
                    object.tags[j] = message.tags[j];
            }
            if (message.comments && message.comments.length) {
                object.comments = $Array(message.comments.length);
                for (var j = 0; j < message.comments.length; ++j)
                    object.comments[j] = $root.Feed.Post.Comment.toObject(message.comments[j], options, _depth + 1);
            }
            return object;
        };

        Post.prototype.toJSON = function() {
            return Post.toObject(this, $protobuf.util.toJSONOptions);
        };

        Post.getTypeUrl = function(prefix) {
            if (prefix === $undefined)
                prefix = "type.googleapis.com";
            return prefix + "/Feed.Post";
        };

        Post.Author = (function() {

            var Author = function (properties) {
                if (properties)
                    for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            Author.prototype.id = 0;
            Author.prototype.handle = "";
            Author.prototype.displayName = "";
            Author.prototype.verified = false;
            Author.prototype.profile = null;

            Author.create = function(properties) {
                return new Author(properties);
            };

            Author.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.id != null && $Object.hasOwnProperty.call(message, "id") && message.id !== 0)
                    writer.uint32(8).int32(message.id);
                if (message.handle != null && $Object.hasOwnProperty.call(message, "handle") && message.handle !== "")
                    writer.uint32(18).string(message.handle);
                if (message.displayName != null && $Object.hasOwnProperty.call(message, "displayName") && message.displayName !== "")
                    writer.uint32(26).string(message.displayName);
                if (message.verified != null && $Object.hasOwnProperty.call(message, "verified") && message.verified !== false)
                    writer.uint32(32).bool(message.verified);
                if (message.profile != null && $Object.hasOwnProperty.call(message, "profile"))
                    $root.Feed.Post.Author.Profile.encode(message.profile, writer.uint32(42).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (var i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            Author.encodeDelimited = function(message, writer) {
                return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
            };

            Author.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.Feed.Post.Author();
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
                                message.handle = value;
                            else
                                delete message.handle;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.displayName = value;
                            else
                                delete message.displayName;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.bool())
                                message.verified = value;
                            else
                                delete message.verified;
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            message.profile = $root.Feed.Post.Author.Profile.decode(reader, reader.size(), $undefined, _depth + 1, message.profile);
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

            Author.decodeDelimited = function(reader) {
                if (!(reader instanceof $Reader))
                    reader = new $Reader(reader);
                return this.decode(reader, reader.size());
            };

            Author.verify = function (message, _depth) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    return "max depth exceeded";
                if (message.id != null && $Object.hasOwnProperty.call(message, "id"))
                    if (!$util.isInteger(message.id))
                        return "id: integer expected";
                if (message.handle != null && $Object.hasOwnProperty.call(message, "handle"))
                    if (!$util.isString(message.handle))
                        return "handle: string expected";
                if (message.displayName != null && $Object.hasOwnProperty.call(message, "displayName"))
                    if (!$util.isString(message.displayName))
                        return "displayName: string expected";
                if (message.verified != null && $Object.hasOwnProperty.call(message, "verified"))
                    if (typeof message.verified !== "boolean")
                        return "verified: boolean expected";
                if (message.profile != null && $Object.hasOwnProperty.call(message, "profile")) {
                    var error = $root.Feed.Post.Author.Profile.verify(message.profile, _depth + 1);
                    if (error)
                        return "profile." + error;
                }
                return null;
            };

            Author.fromObject = function (object, _depth) {
                if (object instanceof $root.Feed.Post.Author)
                    return object;
                if (!$util.isObject(object))
                    throw $TypeError(".Feed.Post.Author: object expected");
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var message = new $root.Feed.Post.Author();
                if (object.id != null)
                    if ($Number(object.id) !== 0)
                        message.id = object.id | 0;
                if (object.handle != null)
                    if (typeof object.handle !== "string" || object.handle.length)
                        message.handle = $String(object.handle);
                if (object.displayName != null)
                    if (typeof object.displayName !== "string" || object.displayName.length)
                        message.displayName = $String(object.displayName);
                if (object.verified != null)
                    if (object.verified)
                        message.verified = $Boolean(object.verified);
                if (object.profile != null) {
                    if (!$util.isObject(object.profile))
                        throw $TypeError(".Feed.Post.Author.profile: object expected");
                    message.profile = $root.Feed.Post.Author.Profile.fromObject(object.profile, _depth + 1);
                }
                return message;
            };

            Author.toObject = function (message, options, _depth) {
                if (!options)
                    options = {};
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var object = {};
                if (options.defaults) {
                    object.id = 0;
                    object.handle = "";
                    object.displayName = "";
                    object.verified = false;
                    object.profile = null;
                }
                if (message.id != null && $Object.hasOwnProperty.call(message, "id"))
                    object.id = message.id;
                if (message.handle != null && $Object.hasOwnProperty.call(message, "handle"))
                    object.handle = message.handle;
                if (message.displayName != null && $Object.hasOwnProperty.call(message, "displayName"))
                    object.displayName = message.displayName;
                if (message.verified != null && $Object.hasOwnProperty.call(message, "verified"))
                    object.verified = message.verified;
                if (message.profile != null && $Object.hasOwnProperty.call(message, "profile"))
                    object.profile = $root.Feed.Post.Author.Profile.toObject(message.profile, options, _depth + 1);
                return object;
            };

            Author.prototype.toJSON = function() {
                return Author.toObject(this, $protobuf.util.toJSONOptions);
            };

            Author.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/Feed.Post.Author";
            };

            Author.Profile = (function() {

                var Profile = function (properties) {
                    if (properties)
                        for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Profile.prototype.bio = "";
                Profile.prototype.followers = 0;
                Profile.prototype.location = null;

                Profile.create = function(properties) {
                    return new Profile(properties);
                };

                Profile.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.bio != null && $Object.hasOwnProperty.call(message, "bio") && message.bio !== "")
                        writer.uint32(10).string(message.bio);
                    if (message.followers != null && $Object.hasOwnProperty.call(message, "followers") && message.followers !== 0)
                        writer.uint32(16).int32(message.followers);
                    if (message.location != null && $Object.hasOwnProperty.call(message, "location"))
                        $root.Feed.Post.Author.Profile.Location.encode(message.location, writer.uint32(26).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (var i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Profile.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                Profile.decode = function (reader, length, _end, _depth, _target) {
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
                    message = _target || new $root.Feed.Post.Author.Profile();
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
                                    message.bio = value;
                                else
                                    delete message.bio;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.followers = value;
                                else
                                    delete message.followers;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                message.location = $root.Feed.Post.Author.Profile.Location.decode(reader, reader.size(), $undefined, _depth + 1, message.location);
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

                Profile.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                Profile.verify = function (message, _depth) {
                    if (typeof message !== "object" || message === null)
                        return "object expected";
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        return "max depth exceeded";
                    if (message.bio != null && $Object.hasOwnProperty.call(message, "bio"))
                        if (!$util.isString(message.bio))
                            return "bio: string expected";
                    if (message.followers != null && $Object.hasOwnProperty.call(message, "followers"))
                        if (!$util.isInteger(message.followers))
                            return "followers: integer expected";
                    if (message.location != null && $Object.hasOwnProperty.call(message, "location")) {
                        var error = $root.Feed.Post.Author.Profile.Location.verify(message.location, _depth + 1);
                        if (error)
                            return "location." + error;
                    }
                    return null;
                };

                Profile.fromObject = function (object, _depth) {
                    if (object instanceof $root.Feed.Post.Author.Profile)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".Feed.Post.Author.Profile: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var message = new $root.Feed.Post.Author.Profile();
                    if (object.bio != null)
                        if (typeof object.bio !== "string" || object.bio.length)
                            message.bio = $String(object.bio);
                    if (object.followers != null)
                        if ($Number(object.followers) !== 0)
                            message.followers = object.followers | 0;
                    if (object.location != null) {
                        if (!$util.isObject(object.location))
                            throw $TypeError(".Feed.Post.Author.Profile.location: object expected");
                        message.location = $root.Feed.Post.Author.Profile.Location.fromObject(object.location, _depth + 1);
                    }
                    return message;
                };

                Profile.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var object = {};
                    if (options.defaults) {
                        object.bio = "";
                        object.followers = 0;
                        object.location = null;
                    }
                    if (message.bio != null && $Object.hasOwnProperty.call(message, "bio"))
                        object.bio = message.bio;
                    if (message.followers != null && $Object.hasOwnProperty.call(message, "followers"))
                        object.followers = message.followers;
                    if (message.location != null && $Object.hasOwnProperty.call(message, "location"))
                        object.location = $root.Feed.Post.Author.Profile.Location.toObject(message.location, options, _depth + 1);
                    return object;
                };

                Profile.prototype.toJSON = function() {
                    return Profile.toObject(this, $protobuf.util.toJSONOptions);
                };

                Profile.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/Feed.Post.Author.Profile";
                };

                Profile.Location = (function() {

                    var Location = function (properties) {
                        if (properties)
                            for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                                if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                    this[keys[i]] = properties[keys[i]];
                    };

                    Location.prototype.city = "";
                    Location.prototype.country = "";
                    Location.prototype.lat = 0;
                    Location.prototype.lon = 0;
                    Location.prototype.utcOffsetMinutes = 0;

                    Location.create = function(properties) {
                        return new Location(properties);
                    };

                    Location.encode = function (message, writer, _depth) {
                        if (!writer)
                            writer = $Writer.create();
                        if (_depth === $undefined)
                            _depth = 0;
                        if (_depth > $util.recursionLimit)
                            throw $Error("max depth exceeded");
                        if (message.city != null && $Object.hasOwnProperty.call(message, "city") && message.city !== "")
                            writer.uint32(10).string(message.city);
                        if (message.country != null && $Object.hasOwnProperty.call(message, "country") && message.country !== "")
                            writer.uint32(18).string(message.country);
                        if (message.lat != null && $Object.hasOwnProperty.call(message, "lat") && !$Object.is(message.lat, 0))
                            writer.uint32(25).double(message.lat);
                        if (message.lon != null && $Object.hasOwnProperty.call(message, "lon") && !$Object.is(message.lon, 0))
                            writer.uint32(33).double(message.lon);
                        if (message.utcOffsetMinutes != null && $Object.hasOwnProperty.call(message, "utcOffsetMinutes") && message.utcOffsetMinutes !== 0)
                            writer.uint32(40).sint32(message.utcOffsetMinutes);
                        if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                            for (var i = 0; i < message.$unknowns.length; ++i)
                                writer.raw(message.$unknowns[i]);
                        return writer;
                    };

                    Location.encodeDelimited = function(message, writer) {
                        return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                    };

                    Location.decode = function (reader, length, _end, _depth, _target) {
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
                        message = _target || new $root.Feed.Post.Author.Profile.Location();
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
                                        message.city = value;
                                    else
                                        delete message.city;
                                    continue;
                                }
                            case 2: {
                                    if (wireType !== 2)
                                        break;
                                    if ((value = reader.stringVerify()).length)
                                        message.country = value;
                                    else
                                        delete message.country;
                                    continue;
                                }
                            case 3: {
                                    if (wireType !== 1)
                                        break;
                                    if (!$Object.is(value = reader.double(), 0))
                                        message.lat = value;
                                    else
                                        delete message.lat;
                                    continue;
                                }
                            case 4: {
                                    if (wireType !== 1)
                                        break;
                                    if (!$Object.is(value = reader.double(), 0))
                                        message.lon = value;
                                    else
                                        delete message.lon;
                                    continue;
                                }
                            case 5: {
                                    if (wireType !== 0)
                                        break;
                                    if (value = reader.sint32())
                                        message.utcOffsetMinutes = value;
                                    else
                                        delete message.utcOffsetMinutes;
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

                    Location.decodeDelimited = function(reader) {
                        if (!(reader instanceof $Reader))
                            reader = new $Reader(reader);
                        return this.decode(reader, reader.size());
                    };

                    Location.verify = function (message, _depth) {
                        if (typeof message !== "object" || message === null)
                            return "object expected";
                        if (_depth === $undefined)
                            _depth = 0;
                        if (_depth > $util.recursionLimit)
                            return "max depth exceeded";
                        if (message.city != null && $Object.hasOwnProperty.call(message, "city"))
                            if (!$util.isString(message.city))
                                return "city: string expected";
                        if (message.country != null && $Object.hasOwnProperty.call(message, "country"))
                            if (!$util.isString(message.country))
                                return "country: string expected";
                        if (message.lat != null && $Object.hasOwnProperty.call(message, "lat"))
                            if (typeof message.lat !== "number")
                                return "lat: number expected";
                        if (message.lon != null && $Object.hasOwnProperty.call(message, "lon"))
                            if (typeof message.lon !== "number")
                                return "lon: number expected";
                        if (message.utcOffsetMinutes != null && $Object.hasOwnProperty.call(message, "utcOffsetMinutes"))
                            if (!$util.isInteger(message.utcOffsetMinutes))
                                return "utcOffsetMinutes: integer expected";
                        return null;
                    };

                    Location.fromObject = function (object, _depth) {
                        if (object instanceof $root.Feed.Post.Author.Profile.Location)
                            return object;
                        if (!$util.isObject(object))
                            throw $TypeError(".Feed.Post.Author.Profile.Location: object expected");
                        if (_depth === $undefined)
                            _depth = 0;
                        if (_depth > $util.recursionLimit)
                            throw $Error("max depth exceeded");
                        var message = new $root.Feed.Post.Author.Profile.Location();
                        if (object.city != null)
                            if (typeof object.city !== "string" || object.city.length)
                                message.city = $String(object.city);
                        if (object.country != null)
                            if (typeof object.country !== "string" || object.country.length)
                                message.country = $String(object.country);
                        if (object.lat != null)
                            if (!$Object.is($Number(object.lat), 0))
                                message.lat = $Number(object.lat);
                        if (object.lon != null)
                            if (!$Object.is($Number(object.lon), 0))
                                message.lon = $Number(object.lon);
                        if (object.utcOffsetMinutes != null)
                            if ($Number(object.utcOffsetMinutes) !== 0)
                                message.utcOffsetMinutes = object.utcOffsetMinutes | 0;
                        return message;
                    };

                    Location.toObject = function (message, options, _depth) {
                        if (!options)
                            options = {};
                        if (_depth === $undefined)
                            _depth = 0;
                        if (_depth > $util.recursionLimit)
                            throw $Error("max depth exceeded");
                        var object = {};
                        if (options.defaults) {
                            object.city = "";
                            object.country = "";
                            object.lat = 0;
                            object.lon = 0;
                            object.utcOffsetMinutes = 0;
                        }
                        if (message.city != null && $Object.hasOwnProperty.call(message, "city"))
                            object.city = message.city;
                        if (message.country != null && $Object.hasOwnProperty.call(message, "country"))
                            object.country = message.country;
                        if (message.lat != null && $Object.hasOwnProperty.call(message, "lat"))
                            object.lat = options.json && !$isFinite(message.lat) ? $String(message.lat) : message.lat;
                        if (message.lon != null && $Object.hasOwnProperty.call(message, "lon"))
                            object.lon = options.json && !$isFinite(message.lon) ? $String(message.lon) : message.lon;
                        if (message.utcOffsetMinutes != null && $Object.hasOwnProperty.call(message, "utcOffsetMinutes"))
                            object.utcOffsetMinutes = message.utcOffsetMinutes;
                        return object;
                    };

                    Location.prototype.toJSON = function() {
                        return Location.toObject(this, $protobuf.util.toJSONOptions);
                    };

                    Location.getTypeUrl = function(prefix) {
                        if (prefix === $undefined)
                            prefix = "type.googleapis.com";
                        return prefix + "/Feed.Post.Author.Profile.Location";
                    };

                    return Location;
                })();

                return Profile;
            })();

            return Author;
        })();

        Post.Comment = (function() {

            var Comment = function (properties) {
                this.reactions = [];
                if (properties)
                    for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            Comment.prototype.id = 0;
            Comment.prototype.author = null;
            Comment.prototype.text = "";
            Comment.prototype.createdAt = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
            Comment.prototype.score = 0;
            Comment.prototype.reactions = $util.emptyArray;
            Comment.prototype.editedAt = null;

            var $oneOfFields;

            // Virtual OneOf for proto3 optional field
            $Object.defineProperty(Comment.prototype, "_editedAt", {
                get: $util.oneOfGetter($oneOfFields = ["editedAt"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            Comment.create = function(properties) {
                return new Comment(properties);
            };

            Comment.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.id != null && $Object.hasOwnProperty.call(message, "id") && message.id !== 0)
                    writer.uint32(8).int32(message.id);
                if (message.author != null && $Object.hasOwnProperty.call(message, "author"))
                    $root.Feed.Post.Comment.Author.encode(message.author, writer.uint32(18).fork(), _depth + 1).ldelim();
                if (message.text != null && $Object.hasOwnProperty.call(message, "text") && message.text !== "")
                    writer.uint32(26).string(message.text);
                if (message.createdAt != null && $Object.hasOwnProperty.call(message, "createdAt") && (typeof message.createdAt === "object" ? message.createdAt.low || message.createdAt.high : message.createdAt !== 0))
                    writer.uint32(32).int64(message.createdAt);
                if (message.score != null && $Object.hasOwnProperty.call(message, "score") && message.score !== 0)
                    writer.uint32(40).int32(message.score);
                if (message.reactions != null && message.reactions.length)
                    for (var i = 0; i < message.reactions.length; ++i)
                        $root.Feed.Post.Comment.Reaction.encode(message.reactions[i], writer.uint32(50).fork(), _depth + 1).ldelim();
                if (message.editedAt != null && $Object.hasOwnProperty.call(message, "editedAt"))
                    writer.uint32(56).int64(message.editedAt);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (var i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            Comment.encodeDelimited = function(message, writer) {
                return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
            };

            Comment.decode = function (reader, length, _end, _depth, _target) {
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
                message = _target || new $root.Feed.Post.Comment();
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
                            message.author = $root.Feed.Post.Comment.Author.decode(reader, reader.size(), $undefined, _depth + 1, message.author);
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.text = value;
                            else
                                delete message.text;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                message.createdAt = value;
                            else
                                delete message.createdAt;
                            continue;
                        }
                    case 5: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.score = value;
                            else
                                delete message.score;
                            continue;
                        }
                    case 6: {
                            if (wireType !== 2)
                                break;
                            if (!(message.reactions && message.reactions.length))
                                message.reactions = [];
                            message.reactions.push($root.Feed.Post.Comment.Reaction.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    case 7: {
                            if (wireType !== 0)
                                break;
                            message.editedAt = reader.int64();
                            message._editedAt = "editedAt";
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

            Comment.decodeDelimited = function(reader) {
                if (!(reader instanceof $Reader))
                    reader = new $Reader(reader);
                return this.decode(reader, reader.size());
            };

            Comment.verify = function (message, _depth) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    return "max depth exceeded";
                var properties = {};
                if (message.id != null && $Object.hasOwnProperty.call(message, "id"))
                    if (!$util.isInteger(message.id))
                        return "id: integer expected";
                if (message.author != null && $Object.hasOwnProperty.call(message, "author")) {
                    var error = $root.Feed.Post.Comment.Author.verify(message.author, _depth + 1);
                    if (error)
                        return "author." + error;
                }
                if (message.text != null && $Object.hasOwnProperty.call(message, "text"))
                    if (!$util.isString(message.text))
                        return "text: string expected";
                if (message.createdAt != null && $Object.hasOwnProperty.call(message, "createdAt"))
                    if (!$util.isInteger(message.createdAt) && !(message.createdAt && $util.isInteger(message.createdAt.low) && $util.isInteger(message.createdAt.high)))
                        return "createdAt: integer|Long expected";
                if (message.score != null && $Object.hasOwnProperty.call(message, "score"))
                    if (!$util.isInteger(message.score))
                        return "score: integer expected";
                if (message.reactions != null && $Object.hasOwnProperty.call(message, "reactions")) {
                    if (!$Array.isArray(message.reactions))
                        return "reactions: array expected";
                    for (var i = 0; i < message.reactions.length; ++i) {
                        var error = $root.Feed.Post.Comment.Reaction.verify(message.reactions[i], _depth + 1);
                        if (error)
                            return "reactions." + error;
                    }
                }
                if (message.editedAt != null && $Object.hasOwnProperty.call(message, "editedAt")) {
                    properties._editedAt = 1;
                    if (!$util.isInteger(message.editedAt) && !(message.editedAt && $util.isInteger(message.editedAt.low) && $util.isInteger(message.editedAt.high)))
                        return "editedAt: integer|Long expected";
                }
                return null;
            };

            Comment.fromObject = function (object, _depth) {
                if (object instanceof $root.Feed.Post.Comment)
                    return object;
                if (!$util.isObject(object))
                    throw $TypeError(".Feed.Post.Comment: object expected");
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var message = new $root.Feed.Post.Comment();
                if (object.id != null)
                    if ($Number(object.id) !== 0)
                        message.id = object.id | 0;
                if (object.author != null) {
                    if (!$util.isObject(object.author))
                        throw $TypeError(".Feed.Post.Comment.author: object expected");
                    message.author = $root.Feed.Post.Comment.Author.fromObject(object.author, _depth + 1);
                }
                if (object.text != null)
                    if (typeof object.text !== "string" || object.text.length)
                        message.text = $String(object.text);
                if (object.createdAt != null)
                    if (typeof object.createdAt === "object" ? object.createdAt.low || object.createdAt.high : $Number(object.createdAt) !== 0)
                        if ($util.Long)
                            message.createdAt = $util.Long.fromValue(object.createdAt, false);
                        else if (typeof object.createdAt === "string")
                            message.createdAt = $parseInt(object.createdAt, 10);
                        else if (typeof object.createdAt === "number")
                            message.createdAt = object.createdAt;
                        else if (typeof object.createdAt === "object")
                            message.createdAt = new $util.LongBits(object.createdAt.low >>> 0, object.createdAt.high >>> 0).toNumber();
                if (object.score != null)
                    if ($Number(object.score) !== 0)
                        message.score = object.score | 0;
                if (object.reactions) {
                    if (!$Array.isArray(object.reactions))
                        throw $TypeError(".Feed.Post.Comment.reactions: array expected");
                    message.reactions = $Array(object.reactions.length);
                    for (var i = 0; i < object.reactions.length; ++i) {
                        if (!$util.isObject(object.reactions[i]))
                            throw $TypeError(".Feed.Post.Comment.reactions: object expected");
                        message.reactions[i] = $root.Feed.Post.Comment.Reaction.fromObject(object.reactions[i], _depth + 1);
                    }
                }
                if (object.editedAt != null)
                    if ($util.Long)
                        message.editedAt = $util.Long.fromValue(object.editedAt, false);
                    else if (typeof object.editedAt === "string")
                        message.editedAt = $parseInt(object.editedAt, 10);
                    else if (typeof object.editedAt === "number")
                        message.editedAt = object.editedAt;
                    else if (typeof object.editedAt === "object")
                        message.editedAt = new $util.LongBits(object.editedAt.low >>> 0, object.editedAt.high >>> 0).toNumber();
                return message;
            };

            Comment.toObject = function (message, options, _depth) {
                if (!options)
                    options = {};
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var object = {};
                if (options.arrays || options.defaults)
                    object.reactions = [];
                if (options.defaults) {
                    object.id = 0;
                    object.author = null;
                    object.text = "";
                    if ($util.Long) {
                        var long = new $util.Long(0, 0, false);
                        object.createdAt = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                    } else
                        object.createdAt = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    object.score = 0;
                }
                if (message.id != null && $Object.hasOwnProperty.call(message, "id"))
                    object.id = message.id;
                if (message.author != null && $Object.hasOwnProperty.call(message, "author"))
                    object.author = $root.Feed.Post.Comment.Author.toObject(message.author, options, _depth + 1);
                if (message.text != null && $Object.hasOwnProperty.call(message, "text"))
                    object.text = message.text;
                if (message.createdAt != null && $Object.hasOwnProperty.call(message, "createdAt"))
                    if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                        object.createdAt = typeof message.createdAt === "number" ? $BigInt(message.createdAt) : $util.Long.fromBits(message.createdAt.low >>> 0, message.createdAt.high >>> 0, false).toBigInt();
                    else if (typeof message.createdAt === "number")
                        object.createdAt = options.longs === $String ? $String(message.createdAt) : message.createdAt;
                    else
                        object.createdAt = options.longs === $String ? $util.Long.prototype.toString.call(message.createdAt) : options.longs === $Number ? new $util.LongBits(message.createdAt.low >>> 0, message.createdAt.high >>> 0).toNumber() : message.createdAt;
                if (message.score != null && $Object.hasOwnProperty.call(message, "score"))
                    object.score = message.score;
                if (message.reactions && message.reactions.length) {
                    object.reactions = $Array(message.reactions.length);
                    for (var j = 0; j < message.reactions.length; ++j)
                        object.reactions[j] = $root.Feed.Post.Comment.Reaction.toObject(message.reactions[j], options, _depth + 1);
                }
                if (message.editedAt != null && $Object.hasOwnProperty.call(message, "editedAt"))
                    if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                        object.editedAt = typeof message.editedAt === "number" ? $BigInt(message.editedAt) : $util.Long.fromBits(message.editedAt.low >>> 0, message.editedAt.high >>> 0, false).toBigInt();
                    else if (typeof message.editedAt === "number")
                        object.editedAt = options.longs === $String ? $String(message.editedAt) : message.editedAt;
                    else
                        object.editedAt = options.longs === $String ? $util.Long.prototype.toString.call(message.editedAt) : options.longs === $Number ? new $util.LongBits(message.editedAt.low >>> 0, message.editedAt.high >>> 0).toNumber() : message.editedAt;
                return object;
            };

            Comment.prototype.toJSON = function() {
                return Comment.toObject(this, $protobuf.util.toJSONOptions);
            };

            Comment.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/Feed.Post.Comment";
            };

            Comment.Author = (function() {

                var Author = function (properties) {
                    if (properties)
                        for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Author.prototype.id = 0;
                Author.prototype.handle = "";
                Author.prototype.verified = false;

                Author.create = function(properties) {
                    return new Author(properties);
                };

                Author.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.id != null && $Object.hasOwnProperty.call(message, "id") && message.id !== 0)
                        writer.uint32(8).int32(message.id);
                    if (message.handle != null && $Object.hasOwnProperty.call(message, "handle") && message.handle !== "")
                        writer.uint32(18).string(message.handle);
                    if (message.verified != null && $Object.hasOwnProperty.call(message, "verified") && message.verified !== false)
                        writer.uint32(24).bool(message.verified);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (var i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Author.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                Author.decode = function (reader, length, _end, _depth, _target) {
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
                    message = _target || new $root.Feed.Post.Comment.Author();
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
                                    message.handle = value;
                                else
                                    delete message.handle;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.verified = value;
                                else
                                    delete message.verified;
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

                Author.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                Author.verify = function (message, _depth) {
                    if (typeof message !== "object" || message === null)
                        return "object expected";
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        return "max depth exceeded";
                    if (message.id != null && $Object.hasOwnProperty.call(message, "id"))
                        if (!$util.isInteger(message.id))
                            return "id: integer expected";
                    if (message.handle != null && $Object.hasOwnProperty.call(message, "handle"))
                        if (!$util.isString(message.handle))
                            return "handle: string expected";
                    if (message.verified != null && $Object.hasOwnProperty.call(message, "verified"))
                        if (typeof message.verified !== "boolean")
                            return "verified: boolean expected";
                    return null;
                };

                Author.fromObject = function (object, _depth) {
                    if (object instanceof $root.Feed.Post.Comment.Author)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".Feed.Post.Comment.Author: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var message = new $root.Feed.Post.Comment.Author();
                    if (object.id != null)
                        if ($Number(object.id) !== 0)
                            message.id = object.id | 0;
                    if (object.handle != null)
                        if (typeof object.handle !== "string" || object.handle.length)
                            message.handle = $String(object.handle);
                    if (object.verified != null)
                        if (object.verified)
                            message.verified = $Boolean(object.verified);
                    return message;
                };

                Author.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var object = {};
                    if (options.defaults) {
                        object.id = 0;
                        object.handle = "";
                        object.verified = false;
                    }
                    if (message.id != null && $Object.hasOwnProperty.call(message, "id"))
                        object.id = message.id;
                    if (message.handle != null && $Object.hasOwnProperty.call(message, "handle"))
                        object.handle = message.handle;
                    if (message.verified != null && $Object.hasOwnProperty.call(message, "verified"))
                        object.verified = message.verified;
                    return object;
                };

                Author.prototype.toJSON = function() {
                    return Author.toObject(this, $protobuf.util.toJSONOptions);
                };

                Author.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/Feed.Post.Comment.Author";
                };

                return Author;
            })();

            Comment.Reaction = (function() {

                var Reaction = function (properties) {
                    if (properties)
                        for (var keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                Reaction.prototype.kind = "";
                Reaction.prototype.count = 0;

                Reaction.create = function(properties) {
                    return new Reaction(properties);
                };

                Reaction.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind") && message.kind !== "")
                        writer.uint32(10).string(message.kind);
                    if (message.count != null && $Object.hasOwnProperty.call(message, "count") && message.count !== 0)
                        writer.uint32(16).int32(message.count);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (var i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                Reaction.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                Reaction.decode = function (reader, length, _end, _depth, _target) {
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
                    message = _target || new $root.Feed.Post.Comment.Reaction();
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
                                    message.kind = value;
                                else
                                    delete message.kind;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.count = value;
                                else
                                    delete message.count;
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

                Reaction.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                Reaction.verify = function (message, _depth) {
                    if (typeof message !== "object" || message === null)
                        return "object expected";
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        return "max depth exceeded";
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind"))
                        if (!$util.isString(message.kind))
                            return "kind: string expected";
                    if (message.count != null && $Object.hasOwnProperty.call(message, "count"))
                        if (!$util.isInteger(message.count))
                            return "count: integer expected";
                    return null;
                };

                Reaction.fromObject = function (object, _depth) {
                    if (object instanceof $root.Feed.Post.Comment.Reaction)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".Feed.Post.Comment.Reaction: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var message = new $root.Feed.Post.Comment.Reaction();
                    if (object.kind != null)
                        if (typeof object.kind !== "string" || object.kind.length)
                            message.kind = $String(object.kind);
                    if (object.count != null)
                        if ($Number(object.count) !== 0)
                            message.count = object.count | 0;
                    return message;
                };

                Reaction.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var object = {};
                    if (options.defaults) {
                        object.kind = "";
                        object.count = 0;
                    }
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind"))
                        object.kind = message.kind;
                    if (message.count != null && $Object.hasOwnProperty.call(message, "count"))
                        object.count = message.count;
                    return object;
                };

                Reaction.prototype.toJSON = function() {
                    return Reaction.toObject(this, $protobuf.util.toJSONOptions);
                };

                Reaction.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/Feed.Post.Comment.Reaction";
                };

                return Reaction;
            })();

            return Comment;
        })();

        return Post;
    })();

    return Feed;
})();

module.exports = $root;
