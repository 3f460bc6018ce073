"""``tfcompat convert-checkpoint TF_CKPT OUT.safetensors``: a TensorFlow checkpoint (V2: ``.index`` and
``.data-*`` files, read without TensorFlow, checksums verified) rewritten as a tfcompat checkpoint
file: its numeric tensors under their checkpoint keys, its object graph in the metadata.  Plain
``safetensors.torch.load_file`` reads the result, and ``tf.train.Checkpoint.restore`` restores it
(give the path without ``.safetensors``)."""

import sys

from ..checkpoint import file_format
from ..checkpoint.restore import read_checkpoint
from ..framework.errors import OpError


def convert(tf_checkpoint, output):
    """Convert; returns the exit status (1 with a message on stderr when the checkpoint cannot be read)."""
    try:
        contents = read_checkpoint(tf_checkpoint)
    except OpError as error:
        print(f"tfcompat convert-checkpoint: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    file_format.write_file(output, contents.tensors, contents.object_graph)
    print(f"{len(contents.tensors)} tensors from {tf_checkpoint} written to {output}")
    return 0
