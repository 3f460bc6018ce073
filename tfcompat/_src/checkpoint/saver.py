"""Name-based checkpoints: tf.train.Saver and tfe.Saver under eager execution, tfe's
restore_variables_on_create, and restoring a name-based checkpoint through tf.train.Checkpoint.

A variable's checkpoint key is its name without ``:0`` (``dense/kernel``), or the key of a
``var_list`` dict.  An object-based checkpoint restores through a Saver too: its object graph records
each value's variable name (``full_name``), as TF's object_graph_key_mapping reads it.
"""

import contextlib
import os
import time

from ..eager.variables import Variable, read_storage
from ..framework.errors import NotFoundError
from ..platform import tf_logging as logging
from ..registry import PARTIAL, export
from . import file_format, management
from .by_name import names_to_variables, restore_names, variable_name
from .restore import assign, checked_value, read_checkpoint

@export("train.Saver", status=PARTIAL,
        note="Eager execution: var_list (list or dict of variables) is required, as in TF 1.x eager; no meta "
             "graph is written; reshape, sharded, saver_def, builder, defer_build and restore_sequentially are "
             "accepted and have no effect. The file is tfcompat's safetensors format; restore also reads TF "
             "checkpoints.")
class Saver:
    """Saves and restores variables by name, keeping the newest ``max_to_keep`` checkpoints."""

    def __init__(self, var_list=None, reshape=False, sharded=False, max_to_keep=5,
                 keep_checkpoint_every_n_hours=10000.0, name=None, restore_sequentially=False, saver_def=None,
                 builder=None, defer_build=False,
                 allow_empty=False, write_version=2, pad_step_number=False, save_relative_paths=False, filename=None):
        if defer_build and var_list:
            raise ValueError("If `var_list` is provided then build cannot be deferred. Either set defer_build=False "
                             "or var_list=None.")
        logging.warning("Saver is deprecated, please switch to tf.train.Checkpoint or tf.keras.Model.save_weights "
                        "for training checkpoints. When executing eagerly variables do not necessarily have unique "
                        "names, and so the variable.name-based lookups Saver performs are error-prone.")
        if var_list is None:
            raise RuntimeError("When eager execution is enabled, `var_list` must specify a list or dict of variables "
                               "to save")
        self._named = names_to_variables(var_list)
        if not self._named and not allow_empty:
            raise ValueError("No variables to save")
        self._max_to_keep = max_to_keep
        self._keep_checkpoint_every_n_hours = keep_checkpoint_every_n_hours
        self._pad_step_number = pad_step_number
        self._save_relative_paths = save_relative_paths
        self._last_checkpoints = []  # [(path, time)]
        self._checkpoints_to_be_deleted = []
        self._next_checkpoint_time = time.time() + keep_checkpoint_every_n_hours * 3600

    def save(self, sess, save_path, global_step=None, latest_filename=None, meta_graph_suffix="meta",
             write_meta_graph=True, write_state=True, strip_default_attrs=False, save_debug_info=False):
        """Write the variables to ``save_path`` (``save_path-<global_step>``); returns the checkpoint's path."""
        latest_filename = latest_filename or "checkpoint"
        if os.path.split(latest_filename)[0]:
            raise ValueError("'latest_filename' must not contain path components")
        save_path = os.fspath(save_path)
        if global_step is not None:
            step = global_step if isinstance(global_step, int) else int(global_step.numpy())
            checkpoint_file = f"{save_path}-{step:08d}" if self._pad_step_number else f"{save_path}-{step}"
        else:
            checkpoint_file = save_path
            if os.path.basename(save_path) == latest_filename:
                raise ValueError(f"'latest_filename' collides with 'save_path': '{latest_filename}' and '{save_path}'")
        parent = os.path.dirname(save_path)
        if not self._named:
            return None
        if parent and not os.path.isdir(parent):
            raise ValueError(f"Parent directory of {save_path} doesn't exist, can't save.")
        file_format.write(checkpoint_file, {name: read_storage(v) for name, v in self._named.items()})
        if write_state:
            self._record_last_checkpoint(checkpoint_file)
            management.update_checkpoint_state_internal(parent, checkpoint_file, self.last_checkpoints,
                                                        latest_filename, save_relative_paths=self._save_relative_paths)
            self._maybe_delete_old_checkpoints(meta_graph_suffix)
        return checkpoint_file

    def restore(self, sess, save_path):
        """Give each variable its value from the checkpoint at ``save_path``."""
        if not self._named:
            return
        if save_path is None:
            raise ValueError("Can't load save_path when it is None.")
        save_path = os.fspath(save_path)
        if not management.checkpoint_exists_internal(save_path):
            raise ValueError("The passed save_path is not a valid checkpoint: " + save_path)
        logging.info("Restoring parameters from %s", save_path)
        contents = read_checkpoint(save_path)
        if contents.object_graph is not None:
            logging.warning("Restoring an object-based checkpoint using a name-based saver. This may be somewhat "
                            "fragile, and will re-build the Saver. Instead, consider loading object-based "
                            "checkpoints using tf.train.Checkpoint().")
        restore_names(contents.path, contents.tensors, self._named, contents.object_graph)

    @property
    def last_checkpoints(self):
        return [path for path, _ in self._last_checkpoints]

    def set_last_checkpoints(self, last_checkpoints):
        if not isinstance(last_checkpoints, list):
            raise TypeError("last_checkpoints must be a list")
        self._last_checkpoints = [(path, float("inf")) for path in last_checkpoints]

    def set_last_checkpoints_with_time(self, last_checkpoints_with_time):
        if not isinstance(last_checkpoints_with_time, list):
            raise TypeError("last_checkpoints_with_time must be a list")
        self._last_checkpoints = list(last_checkpoints_with_time)

    def recover_last_checkpoints(self, checkpoint_paths):
        """Take over the existing checkpoints among ``checkpoint_paths`` (with their modification times)."""
        found = []
        for path in checkpoint_paths:
            mtimes = management.get_checkpoint_mtimes([path])
            if mtimes:
                found.append((path, mtimes[0]))
        self.set_last_checkpoints_with_time(found)

    def as_saver_def(self):
        raise NotImplementedError("Saver.as_saver_def: tfcompat's eager Saver has no graph SaverDef")

    def _record_last_checkpoint(self, path):
        if not self._max_to_keep:
            return
        self._last_checkpoints = [entry for entry in self._last_checkpoints if entry[0] != path]
        self._last_checkpoints.append((path, time.time()))
        if len(self._last_checkpoints) > self._max_to_keep:
            self._checkpoints_to_be_deleted.append(self._last_checkpoints.pop(0))

    def _maybe_delete_old_checkpoints(self, meta_graph_suffix="meta"):
        if self._checkpoints_to_be_deleted:
            path, saved_at = self._checkpoints_to_be_deleted.pop(0)
            if saved_at > self._next_checkpoint_time:
                self._next_checkpoint_time += self._keep_checkpoint_every_n_hours * 3600
                return
            management.remove_checkpoint(path, 2, meta_graph_suffix)


@export("contrib.eager.Saver")
class EagerSaver:
    """tfe.Saver: ``Saver(var_list)``, ``save(file_prefix, global_step=None)``, ``restore(file_prefix)``."""

    def __init__(self, var_list):
        self._saver = Saver(var_list=var_list)

    def save(self, file_prefix, global_step=None):
        return self._saver.save(None, file_prefix, write_meta_graph=False, global_step=global_step)

    def restore(self, file_prefix):
        self._saver.restore(None, file_prefix)


@export("contrib.eager.restore_variables_on_create")
@contextlib.contextmanager
def restore_variables_on_create(save_path, map_func=None):
    """Inside the block, each new variable takes its value from ``save_path`` under its name (or
    ``map_func(name)``); a name missing from the checkpoint is a NotFoundError."""
    if map_func is not None and not callable(map_func):
        raise ValueError("map_func must be callable.")
    if not save_path:
        yield
        return
    contents = read_checkpoint(save_path)
    unused = dict(contents.tensors)
    original_init = Variable.__init__

    def init_from_checkpoint(variable, *args, **kwargs):
        original_init(variable, *args, **kwargs)
        name = variable_name(variable)
        key = map_func(name) if map_func is not None else name
        if key not in contents.tensors:
            raise NotFoundError(None, None, f"{key} not found in checkpoint")
        value = unused.pop(key, None)
        if value is not None:  # a second variable of the same name keeps its initial value, as in TF
            assign(variable, checked_value(contents.path, key, variable, value))

    Variable.__init__ = init_from_checkpoint
    try:
        yield
    finally:
        Variable.__init__ = original_init
