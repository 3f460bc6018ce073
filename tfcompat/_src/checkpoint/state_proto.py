"""The ``checkpoint`` state file: TF's ``CheckpointState`` message (``_src/protos/checkpoint.py``) in
protobuf text format, read and written by the protobuf runtime::

    model_checkpoint_path: "ckpt-2"
    all_model_checkpoint_paths: "ckpt-1"
    all_model_checkpoint_paths: "ckpt-2"
"""

from ..protos.checkpoint import CHECKPOINT_STATE


class ParseError(ValueError):
    """The state file is not a CheckpointState in text format."""


def new_state(model_checkpoint_path, all_model_checkpoint_paths=(), all_model_checkpoint_timestamps=(),
              last_preserved_timestamp=None):
    state = CHECKPOINT_STATE.CheckpointState(model_checkpoint_path=model_checkpoint_path,
                                             all_model_checkpoint_paths=list(all_model_checkpoint_paths),
                                             all_model_checkpoint_timestamps=list(all_model_checkpoint_timestamps))
    if last_preserved_timestamp is not None:
        state.last_preserved_timestamp = last_preserved_timestamp
    return state


def state_text(state):
    from google.protobuf import text_format
    return text_format.MessageToString(state, as_utf8=False)  # non-ASCII bytes as octal escapes, as TF wrote


def parse_state(text):
    from google.protobuf import text_format
    try:
        return text_format.Parse(text, CHECKPOINT_STATE.CheckpointState())
    except text_format.ParseError as error:
        raise ParseError(str(error)) from None
