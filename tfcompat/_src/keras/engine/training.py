"""Model.compile / fit / evaluate and the batch methods, as TF 1.15's Keras runs them under eager execution.

``Training`` is mixed into tf.keras.Model.  One training step is one GradientTape over the model's
call (``training=True``) and the compiled loss, then the optimizer's ``apply_gradients`` (tf.train
optimizers and Keras optimizers alike, whose updates are foreach writes); the compiled metrics are
then updated outside the tape.  The loops report to callbacks as TF 1.15 does: a batch's logs hold its
``batch``, ``size``, loss and the metrics' running results, and an epoch's logs the loss averaged over
the samples, the metrics' results and, with validation data, their ``val_`` twins.  Progress lines are
TF 1.15's (``Train on 60000 samples``, ``Epoch 1/5``, the Progbar).
"""

import inspect

import numpy as np
import torch

from ...eager.tape import GradientTape
from ...framework.tensor import Tensor, convert, wrap
from ...util import nest
from ..callbacks import TEST, configure_callbacks
from ..metrics import Mean
from .training_utils import (ArrayData, as_tensors, check_lengths, class_weights_for, compile_outputs, masked_weights,
                             output_loss, unpack_element)


def _optimizer(identifier):
    from ..optimizers import get  # tf.keras.optimizers.get: names such as 'adam'
    return get(identifier)


class Training:
    """compile, fit, evaluate, the *_on_batch methods and the generator variants of tf.keras.Model."""

    # --- compile ---------------------------------------------------------------------------------

    def compile(self, optimizer="rmsprop", loss=None, metrics=None, loss_weights=None, sample_weight_mode=None,
                weighted_metrics=None, target_tensors=None, distribute=None, **kwargs):
        """Configure training: the optimizer (a tf.train or Keras optimizer, or a name), the loss of each
        output (a function, a Loss object, a name; a list or dict for several outputs), the metrics."""
        for key in kwargs:
            if key not in ("experimental_run_tf_function", "run_eagerly"):
                raise TypeError(f"Invalid keyword argument(s) in `compile`: {{{key!r}}}")
        if distribute is not None:
            raise NotImplementedError("`distribute` argument in compile is not available in TF 2.0 please create "
                                      "the model under the distribution strategy scope.")
        if target_tensors is not None:
            raise NotImplementedError("target_tensors argument is not supported when executing eagerly.")
        if sample_weight_mode not in (None, "temporal") and not isinstance(sample_weight_mode, (dict, list)):
            raise ValueError(f'"sample_weight_mode should be None or "temporal". Found: {sample_weight_mode}')
        if isinstance(optimizer, (str, dict)):
            optimizer = _optimizer(optimizer)
        if not hasattr(optimizer, "apply_gradients"):
            raise ValueError(f"Could not interpret optimizer identifier: {optimizer}")
        object.__setattr__(self, "optimizer", optimizer)
        object.__setattr__(self, "loss", loss)
        object.__setattr__(self, "_compile_arguments", (loss, metrics, loss_weights, weighted_metrics))
        object.__setattr__(self, "_outputs_spec", None)
        object.__setattr__(self, "sample_weight_mode", sample_weight_mode)
        object.__setattr__(self, "_is_compiled", True)
        if self.built and getattr(self, "outputs", None) is not None:
            self._compile_outputs()

    def _compile_outputs(self):
        """Resolve the compiled losses and metrics once the outputs are known (built models: at compile)."""
        loss, metrics, loss_weights, weighted_metrics = self._compile_arguments
        names = getattr(self, "output_names", None)
        shapes = [tuple(x.shape.as_list()) for x in self.outputs] if getattr(self, "outputs", None) else None
        if names is None:
            names = ["output_1"] if shapes is None or len(shapes) == 1 else \
                [f"output_{i + 1}" for i in range(len(shapes))]
        shapes = shapes or [self._output_shape_hint] * len(names)
        specs = compile_outputs(names, shapes, loss, metrics, loss_weights, weighted_metrics)
        if len(specs) > 1:
            for spec in specs:
                spec.loss_metric = Mean(name=spec.name + "_loss")
        object.__setattr__(self, "_outputs_spec", specs)

    _output_shape_hint = None

    def _specs(self, outputs=None):
        if not getattr(self, "_is_compiled", False):
            raise RuntimeError("You must compile your model before training/testing. Use "
                               "`model.compile(optimizer, loss)`.")
        if self._outputs_spec is None:
            if outputs is not None:
                object.__setattr__(self, "_output_shape_hint", tuple(nest.flatten(outputs)[0].shape.as_list()))
            self._compile_outputs()
        return self._outputs_spec

    @property
    def metrics(self):
        """The compiled metric objects (the per-output loss means first when there are several outputs)."""
        specs = getattr(self, "_outputs_spec", None) or []
        found = [spec.loss_metric for spec in specs if spec.loss_metric is not None]
        for spec in specs:
            found.extend(spec.metrics + spec.weighted_metrics)
        return found

    @property
    def metrics_names(self):
        """``['loss']``, then each output's loss when there are several, then the metrics' names."""
        if not getattr(self, "_is_compiled", False):
            return []
        return ["loss"] + [metric.name for metric in self.metrics]

    def reset_metrics(self):
        for metric in self.metrics:
            metric.reset_states()

    # --- one batch -------------------------------------------------------------------------------

    def _loss_and_outputs(self, inputs, targets, weights, training):
        outputs = self(inputs, training=training)
        flat_outputs = nest.flatten(outputs)
        specs = self._specs(outputs)
        if len(targets) != len(flat_outputs):
            raise ValueError(f"Error when checking model target: the list of Numpy arrays that you are passing to "
                             f"your model is not the size the model expected. Expected to see {len(flat_outputs)} "
                             f"array(s), but instead got {len(targets)} arrays.")
        total, output_losses = None, []
        for spec, y_true, y_pred in zip(specs, targets, flat_outputs):
            if spec.loss is None:
                output_losses.append(None)
                continue
            value = output_loss(spec, y_true, y_pred, masked_weights(y_pred, weights))
            output_losses.append(value)
            term = value if spec.loss_weight == 1.0 else value * spec.loss_weight
            total = term if total is None else total + term
        if total is None:
            raise ValueError("The model cannot be compiled because it has no loss to optimize.")
        regularization = self.losses
        if regularization:
            total = total + sum(convert(loss) for loss in regularization)
        return total, output_losses, flat_outputs

    def _update_metrics(self, specs, targets, outputs, weights, output_losses):
        with torch.no_grad():
            for spec, y_true, y_pred, loss in zip(specs, targets, outputs, output_losses):
                if spec.loss_metric is not None and loss is not None:
                    spec.loss_metric.update_state(wrap(loss.detach()))
                mask = masked_weights(y_pred, None)
                for metric in spec.metrics:
                    metric.update_state(y_true, y_pred, sample_weight=mask)
                weighted = masked_weights(y_pred, weights)
                for metric in spec.weighted_metrics:
                    metric.update_state(y_true, y_pred, sample_weight=weighted)

    def _train_batch(self, inputs, targets, weights):
        """One step: the loss under a tape, its gradients applied; returns the loss (a torch scalar)."""
        variables = self.trainable_weights
        with GradientTape() as tape:
            total, output_losses, outputs = self._loss_and_outputs(_model_inputs(self, inputs), targets, weights,
                                                                   True)
        gradients = tape.gradient(wrap(total), variables)
        if variables:
            self.optimizer.apply_gradients(zip(gradients, variables))
        self._update_metrics(self._outputs_spec, targets, outputs, weights, output_losses)
        return total.detach()

    def _test_batch(self, inputs, targets, weights):
        with torch.no_grad():
            total, output_losses, outputs = self._loss_and_outputs(_model_inputs(self, inputs), targets, weights,
                                                                   False)
        self._update_metrics(self._outputs_spec, targets, outputs, weights, output_losses)
        return total

    def _batch_logs(self, loss, logs):
        logs["loss"] = float(loss)
        for metric in self.metrics:
            logs[metric.name] = float(convert(metric.result()))
        return logs

    def _results(self, loss):
        values = [float(loss)] + [float(convert(metric.result())) for metric in self.metrics]
        return values[0] if len(values) == 1 else values

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None, reset_metrics=True):
        """One training step on one batch; returns the loss, or [loss, metrics...]."""
        data = self._array_data(x, y, sample_weight, class_weight)
        inputs, targets, weights, _ = next(data.batches(max(data.size, 1), False))
        loss = self._train_batch(inputs, targets, weights)
        results = self._results(loss)
        if reset_metrics:
            self.reset_metrics()
        return results

    def test_on_batch(self, x, y=None, sample_weight=None, reset_metrics=True):
        """The loss (and metrics) of one batch, without training."""
        data = self._array_data(x, y, sample_weight, None)
        inputs, targets, weights, _ = next(data.batches(max(data.size, 1), False))
        results = self._results(self._test_batch(inputs, targets, weights))
        if reset_metrics:
            self.reset_metrics()
        return results

    # --- inputs ----------------------------------------------------------------------------------

    def _array_data(self, x, y, sample_weight, class_weight):
        if y is None and not isinstance(x, ArrayData):
            raise ValueError("Please provide as model targets either a single array or a list of arrays. "
                             "You passed: y=None")
        inputs, targets = as_tensors(x), as_tensors(y)
        weights = None if sample_weight is None else as_tensors(sample_weight)[0]
        size = check_lengths(inputs, targets, weights)
        if class_weight:
            class_weights = class_weights_for(targets, class_weight)
            weights = class_weights if weights is None else weights * class_weights
        return ArrayData(inputs, targets, weights, size)

    # --- fit, evaluate -----------------------------------------------------------------------------

    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose=1, callbacks=None, validation_split=0.0,
            validation_data=None, shuffle=True, class_weight=None, sample_weight=None, initial_epoch=0,
            steps_per_epoch=None, validation_steps=None, validation_freq=1, max_queue_size=10, workers=1,
            use_multiprocessing=False, **kwargs):
        """Train for ``epochs`` epochs on arrays/tensors (``batch_size``, default 32), a tf.data dataset or a
        generator; returns the History."""
        if kwargs:
            raise TypeError(f"Unrecognized keyword arguments: {kwargs}")
        source = _source(x)
        if source == "arrays":
            if batch_size is None:
                batch_size = 32
            _check_batch_size(batch_size)
            data = self._array_data(x, y, sample_weight, class_weight)
            validation = None
            if validation_data is not None:
                validation = self._validation_arrays(validation_data)
            elif validation_split and 0.0 < validation_split < 1.0:
                data, validation = data.split(validation_split)
            def epoch_batches():
                return data.batches(batch_size, shuffle == "batch" or bool(shuffle))
            steps, samples = -(-data.size // batch_size), data.size
            val_batches = None if validation is None else (lambda: validation.batches(batch_size, False))
            val_count, count_mode = (None if validation is None else validation.size), "samples"
        else:
            if y is not None:
                raise ValueError("`y` argument is not supported when using dataset as input." if source == "dataset"
                                 else "`y` argument is not supported when using python generator as input.")
            epoch_batches, steps = self._stream_batches(x, source, steps_per_epoch, class_weight, "steps_per_epoch")
            samples, count_mode = None, "steps"
            val_batches, val_count = None, None
            if validation_data is not None:
                val_batches, val_count = self._validation_stream(validation_data, validation_steps, batch_size)
        if verbose:
            _print_train_info(samples if count_mode == "samples" else steps, val_count, count_mode)
        return self._fit_loop(epoch_batches, val_batches, epochs, verbose, callbacks, initial_epoch, steps, samples,
                              count_mode, batch_size, validation_freq)

    def _fit_loop(self, epoch_batches, val_batches, epochs, verbose, callbacks, initial_epoch, steps, samples,
                  count_mode, batch_size, validation_freq):
        callback_list = configure_callbacks(
            callbacks, self, do_validation=val_batches is not None, batch_size=batch_size, epochs=epochs,
            steps_per_epoch=steps, samples=samples if count_mode == "samples" else steps, verbose=verbose,
            count_mode=count_mode)
        self._specs()
        callback_list.on_train_begin()
        for epoch in range(initial_epoch, epochs):
            self.reset_metrics()
            callback_list.on_epoch_begin(epoch)
            epoch_logs = {}
            total, seen = 0.0, 0
            for step, (inputs, targets, weights, size) in enumerate(epoch_batches()):
                logs = {"batch": step, "size": size}
                callback_list.on_train_batch_begin(step, logs)
                loss = float(self._train_batch(inputs, targets, weights))
                self._batch_logs(loss, logs)
                callback_list.on_train_batch_end(step, logs)
                total, seen = total + loss * size, seen + size
                if self.stop_training:
                    break
            epoch_logs["loss"] = total / max(seen, 1)
            for metric in self.metrics:
                epoch_logs[metric.name] = float(convert(metric.result()))
            if val_batches is not None and _should_validate(epoch, validation_freq):
                val_results = self._evaluate_batches(val_batches(), callback_list, report=False)
                for name, value in zip(self.metrics_names, nest.flatten(val_results)):
                    epoch_logs["val_" + name] = value
            callback_list.on_epoch_end(epoch, epoch_logs)
            if self.stop_training:
                break
        callback_list.on_train_end()
        return self.history

    def _validation_arrays(self, validation_data):
        if isinstance(validation_data, (tuple, list)) and len(validation_data) in (2, 3):
            val_x, val_y = validation_data[0], validation_data[1]
            val_w = validation_data[2] if len(validation_data) == 3 else None
            return self._array_data(val_x, val_y, val_w, None)
        raise ValueError("When passing validation_data, it must contain 2 (x_val, y_val) or 3 (x_val, y_val, "
                         f"val_sample_weights) items, however it contains {len(validation_data)} items")

    def _validation_stream(self, validation_data, validation_steps, batch_size):
        source = _source(validation_data)
        if source == "arrays":
            data = self._validation_arrays(validation_data)
            return (lambda: data.batches(batch_size or 32, False)), data.size
        batches, steps = self._stream_batches(validation_data, source, validation_steps, None, "validation_steps")
        return batches, steps

    def _stream_batches(self, data, source, steps, class_weight, steps_name):
        """(a function giving one epoch's batches, the steps per epoch or None) for a dataset or generator."""
        if source == "generator" and steps is None:
            if hasattr(data, "__len__"):
                steps = len(data)
            else:
                raise ValueError(f"`{steps_name}=None` is only valid for a generator based on the "
                                 "`keras.utils.Sequence` class. Please specify `steps_per_epoch` or use the "
                                 "`keras.utils.Sequence` class.")
        if source == "dataset":
            state = {"iterator": None}

            def elements():
                if steps is None or state["iterator"] is None:
                    state["iterator"] = iter(data)
                return state["iterator"]
        else:
            iterator = iter(data) if not hasattr(data, "__next__") else data

            def elements():
                return iterator

        def epoch():
            source_iterator = elements()
            step = 0
            while steps is None or step < steps:
                try:
                    element = next(source_iterator)
                except StopIteration:
                    if steps is not None:
                        _warn_ran_out(steps)
                    return
                x, y, w = unpack_element(element)
                batch = self._array_data(x, y, w, class_weight)
                yield next(batch.batches(max(batch.size, 1), False))
                step += 1
        return epoch, steps

    def evaluate(self, x=None, y=None, batch_size=None, verbose=1, sample_weight=None, steps=None, callbacks=None,
                 max_queue_size=10, workers=1, use_multiprocessing=False):
        """The loss (and metrics) over the data: a scalar, or [loss, metrics...]."""
        source = _source(x)
        if source == "arrays":
            batch_size = 32 if batch_size is None else batch_size
            _check_batch_size(batch_size)
            data = self._array_data(x, y, sample_weight, None)
            batches, target, unit = data.batches(batch_size, False), data.size, "sample"
        else:
            make_batches, steps = self._stream_batches(x, source, steps, None, "steps")
            batches, target, unit = make_batches(), steps, "step"
        callback_list = configure_callbacks(callbacks, self, batch_size=batch_size,
                                                             steps_per_epoch=steps, samples=target, verbose=verbose,
                                                             mode=TEST)
        progbar = None
        if verbose in (1, 2):  # TF 1.15's v2 loop gives evaluate a ProgbarLogger: verbose=2 prints the final line
            from ..progbar import Progbar
            progbar = Progbar(target, verbose=verbose, unit_name=unit, stateful_metrics=self.metrics_names[1:])
        return self._evaluate_batches(batches, callback_list, progbar=progbar, count_steps=unit == "step")

    def _evaluate_batches(self, batches, callback_list, report=True, progbar=None, count_steps=False):
        self._specs()
        self.reset_metrics()
        if report:
            callback_list.on_test_begin()
        total, seen, steps = 0.0, 0, 0
        for step, (inputs, targets, weights, size) in enumerate(batches):
            logs = {"batch": step, "size": size}
            callback_list.on_test_batch_begin(step, logs)
            loss = float(self._test_batch(inputs, targets, weights))
            total, seen, steps = total + loss * size, seen + size, steps + 1
            self._batch_logs(loss, logs)
            callback_list.on_test_batch_end(step, logs)
            if progbar is not None:
                progbar.update(steps if count_steps else seen, [(k, v) for k, v in logs.items() if k in
                                                               self.metrics_names])
        if report:
            callback_list.on_test_end()
        if seen == 0:
            raise ValueError("evaluate() got no samples.")
        return self._results(total / seen)

    # --- generators and predict ---------------------------------------------------------------------

    def fit_generator(self, generator, steps_per_epoch=None, epochs=1, verbose=1, callbacks=None,
                      validation_data=None, validation_steps=None, validation_freq=1, class_weight=None,
                      max_queue_size=10, workers=1, use_multiprocessing=False, shuffle=True, initial_epoch=0):
        """fit on a generator of ``(x, y)`` or ``(x, y, sample_weight)`` batches."""
        return self.fit(generator, steps_per_epoch=steps_per_epoch, epochs=epochs, verbose=verbose,
                        callbacks=callbacks, validation_data=validation_data, validation_steps=validation_steps,
                        validation_freq=validation_freq, class_weight=class_weight, initial_epoch=initial_epoch)

    def evaluate_generator(self, generator, steps=None, callbacks=None, max_queue_size=10, workers=1,
                           use_multiprocessing=False, verbose=0):
        return self.evaluate(generator, steps=steps, callbacks=callbacks, verbose=verbose)

    def predict_generator(self, generator, steps=None, callbacks=None, max_queue_size=10, workers=1,
                          use_multiprocessing=False, verbose=0):
        """The outputs for the inputs a generator (or dataset) yields, ``steps`` batches of them."""
        if steps is None and hasattr(generator, "__len__"):
            steps = len(generator)
        if steps is None and not _source(generator) == "dataset":
            raise ValueError("`steps=None` is only valid for a generator based on the `keras.utils.Sequence` "
                             "class. Please specify `steps` or use the `keras.utils.Sequence` class.")
        iterator = iter(generator)
        results, step = [], 0
        while steps is None or step < steps:
            try:
                element = next(iterator)
            except StopIteration:
                break
            x, _, _ = unpack_element(element) if isinstance(element, tuple) else (element, None, None)
            results.append([convert(o) for o in nest.flatten(self(_model_inputs(self, as_tensors(x, True),
                                                                                    wrap_inputs=True),
                                                                  training=False))])
            step += 1
        if not results:
            raise ValueError("predict_generator() got no batches.")
        merged = [wrap(torch.cat([r[i] for r in results])).numpy() for i in range(len(results[0]))]
        return merged[0] if len(merged) == 1 else merged


def _model_inputs(model, inputs, wrap_inputs=False):
    """The batch's input tensors as the model's call takes them (one tensor, or the list)."""
    if wrap_inputs:
        inputs = [wrap(t) for t in inputs]
    return inputs[0] if len(inputs) == 1 else inputs


def _source(x):
    """'dataset', 'generator' or 'arrays'."""
    if x is None:
        raise ValueError("fit/evaluate needs data: x is None.")
    kind = type(x).__module__
    if kind.startswith("tfcompat._src.data") and hasattr(x, "output_types"):
        return "dataset"
    if inspect.isgenerator(x) or (hasattr(x, "__next__") and not isinstance(x, (np.ndarray, Tensor))):
        return "generator"
    if hasattr(x, "__getitem__") and hasattr(x, "__len__") and hasattr(x, "on_epoch_end"):
        return "generator"  # a keras.utils.Sequence
    if kind.startswith("tfcompat._src.data"):
        raise ValueError("For performance reasons Keras `fit`, `evaluate` and `predict` accept tf.data `Datasets` "
                         "as input but not iterators that have been manually generated from Datasets by users. "
                         "Please directly pass in the original `Dataset` object instead of passing in "
                         "`iter(dataset)`.")
    return "arrays"


def _check_batch_size(batch_size):
    if not isinstance(batch_size, (int, np.integer)) or isinstance(batch_size, bool) or batch_size < 1:
        raise ValueError(f"batch_size must be a positive integer, got {batch_size!r}")


def _should_validate(epoch, validation_freq):
    if isinstance(validation_freq, int):
        if validation_freq < 1:
            raise ValueError("`validation_freq` can not be less than 1.")
        return (epoch + 1) % validation_freq == 0
    return epoch + 1 in validation_freq


def _print_train_info(count, val_count, count_mode):
    """``Train on 60000 samples, validate on 10000 samples`` (``Train for 1875 steps`` ... for streams)."""
    if count_mode == "samples":
        message = f"Train on {count} samples"
        if val_count:
            message += f", validate on {val_count} samples"
    else:
        message = f"Train for {count} steps" if count is not None else "Train for None steps"
        if val_count:
            message += f", validate for {val_count} steps"
    print(message)


def _warn_ran_out(steps):
    from ...platform import tf_logging
    tf_logging.warning("Your input ran out of data; interrupting training. Make sure that your dataset or generator "
                       f"can generate at least `steps_per_epoch * epochs` batches (in this case, {steps} batches). "
                       "You may need to use the repeat() function when building your dataset.")
