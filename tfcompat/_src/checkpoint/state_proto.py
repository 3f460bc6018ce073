"""TF's ``CheckpointState`` message (tensorflow/python/training/checkpoint_state.proto) and its protobuf
text format, the format of the ``checkpoint`` state file:

    model_checkpoint_path: "ckpt-2"            (string, field 1)
    all_model_checkpoint_paths: "ckpt-1"       (repeated string, field 2)
    all_model_checkpoint_timestamps: 1.5e+09   (repeated double, field 3)
    last_preserved_timestamp: 1.5e+09          (double, field 4)

Strings are written with C escapes as protobuf's text format writes them; the parser takes what
protobuf's text format allows for these four fields (either quote, escapes, ``#`` comments).
"""

import re

_ESCAPES = {"\n": r"\n", "\r": r"\r", "\t": r"\t", '"': r"\"", "'": r"\'", "\\": r"\\"}
_UNESCAPES = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "'": "'", "\\": "\\", "a": "\a", "b": "\b",
              "f": "\f", "v": "\v", "?": "?"}
_TOKEN = re.compile(r"""\s*(?:\#[^\n]*\n?\s*)*(?:(?P<field>[A-Za-z_]\w*)\s*:\s*
                        (?:(?P<string>(?:"(?:[^"\\\n]|\\.)*"\s*|'(?:[^'\\\n]|\\.)*'\s*)+)
                        |(?P<number>[-+]?(?:inf|nan|[0-9.]+(?:[eE][-+]?[0-9]+)?)))[ \t]*[;,]?)""", re.X)


class ParseError(ValueError):
    """The state file is not a CheckpointState in text format."""


class CheckpointState:
    """The checkpoint state message: the newest checkpoint and the ones kept."""

    __slots__ = ("model_checkpoint_path", "all_model_checkpoint_paths", "all_model_checkpoint_timestamps",
                 "last_preserved_timestamp")

    def __init__(self, model_checkpoint_path="", all_model_checkpoint_paths=(), all_model_checkpoint_timestamps=(),
                 last_preserved_timestamp=None):
        self.model_checkpoint_path = model_checkpoint_path
        self.all_model_checkpoint_paths = list(all_model_checkpoint_paths)
        self.all_model_checkpoint_timestamps = list(all_model_checkpoint_timestamps)
        self.last_preserved_timestamp = 0.0 if last_preserved_timestamp is None else float(last_preserved_timestamp)

    def __eq__(self, other):
        return isinstance(other, CheckpointState) and all(getattr(self, f) == getattr(other, f)
                                                          for f in self.__slots__)

    __hash__ = None

    def __str__(self):
        return state_text(self)

    __repr__ = __str__


def state_text(state):
    lines = []
    if state.model_checkpoint_path:
        lines.append(f"model_checkpoint_path: {_quoted(state.model_checkpoint_path)}")
    lines += [f"all_model_checkpoint_paths: {_quoted(path)}" for path in state.all_model_checkpoint_paths]
    lines += [f"all_model_checkpoint_timestamps: {_number(value)}" for value in state.all_model_checkpoint_timestamps]
    if state.last_preserved_timestamp:
        lines.append(f"last_preserved_timestamp: {_number(state.last_preserved_timestamp)}")
    return "".join(line + "\n" for line in lines)


def parse_state(text):
    state = CheckpointState()
    position, end = 0, len(text.rstrip())
    while position < end:
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            line = text.count("\n", 0, position) + 1
            raise ParseError(f"{line}: cannot parse the checkpoint state at {text[position:position + 30]!r}")
        position = match.end()
        field, string, number = match.group("field", "string", "number")
        if field in ("model_checkpoint_path", "all_model_checkpoint_paths"):
            if string is None:
                raise ParseError(f"{field} takes a string, got {number}")
            value = _unquoted(string)
            if field == "model_checkpoint_path":
                state.model_checkpoint_path = value
            else:
                state.all_model_checkpoint_paths.append(value)
        elif field in ("all_model_checkpoint_timestamps", "last_preserved_timestamp"):
            if number is None:
                raise ParseError(f"{field} takes a number, got a string")
            if field == "last_preserved_timestamp":
                state.last_preserved_timestamp = float(number)
            else:
                state.all_model_checkpoint_timestamps.append(float(number))
        else:
            raise ParseError(f'Message type "tensorflow.CheckpointState" has no field named "{field}".')
    return state


def _quoted(text):
    out = []
    for byte in text.encode("utf-8"):
        char = chr(byte)
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif 32 <= byte < 127:
            out.append(char)
        else:
            out.append(f"\\{byte:03o}")
    return '"' + "".join(out) + '"'


def _unquoted(strings):
    data = bytearray()
    for literal in re.findall(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'""", strings):
        body, index = literal[1:-1], 0
        while index < len(body):
            char = body[index]
            if char != "\\":
                data += char.encode("utf-8")
                index += 1
                continue
            escape = body[index + 1]
            octal = re.match(r"[0-7]{1,3}", body[index + 1:])
            hexadecimal = re.match(r"x([0-9A-Fa-f]{1,2})", body[index + 1:])
            if octal:
                data.append(int(octal.group(), 8) & 0xFF)
                index += 1 + len(octal.group())
            elif hexadecimal:
                data.append(int(hexadecimal.group(1), 16))
                index += 1 + len(hexadecimal.group())
            elif escape in _UNESCAPES:
                data += _UNESCAPES[escape].encode("utf-8")
                index += 2
            else:
                raise ParseError(f"Invalid escape sequence \\{escape}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ParseError("a path in the checkpoint state is not UTF-8") from None


def _number(value):
    return repr(float(value))
