import re

import pytest
import torch

requires_cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")


def mask_ids(text):
    """Tensor ids differ from run to run (and from TF's); compare text without them."""
    return re.sub(r"id=\d+", "id=<ID>", text)


@pytest.fixture(autouse=True)
def _unset_learning_phase():
    """Tests that set the Keras learning phase (as TF programs do, globally) leave it unset for the next."""
    yield
    from tfcompat._src.keras import backend
    backend._session.learning_phase = None
