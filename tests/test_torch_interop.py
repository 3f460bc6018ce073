"""Keras layers as torch modules and torch modules as Keras layers, sharing each weight's memory."""

import numpy as np
import pytest
import torch

import tfcompat
import tfcompat as tf
from tfcompat._src.eager.variables import read_storage, share_storage

keras = tf.keras


@pytest.fixture(autouse=True)
def fresh_names():
    keras.backend.clear_session()
    tf.set_random_seed(1)
    torch.manual_seed(1)


def built_mlp():
    model = keras.Sequential([keras.layers.Dense(4, input_shape=(3,), activation="relu"), keras.layers.Dense(2)])
    model(tf.zeros([1, 3]))
    return model


def test_module_parameters_are_the_variables_memory():
    model = built_mlp()
    module = tfcompat.as_torch_module(model)
    names = [name for name, _ in module.named_parameters()]
    assert names == ["dense.kernel", "dense.bias", "dense_1.kernel", "dense_1.bias"]
    for parameter, variable in zip(module.parameters(), model.trainable_variables):
        assert parameter.data_ptr() == read_storage(variable).data_ptr()
        assert parameter.requires_grad


def test_forward_and_gradients_match_keras_and_the_tape():
    model = built_mlp()
    x = tf.random_normal([5, 3])
    expected = model(x).numpy()
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(x) ** 2)
    tape_grads = tape.gradient(loss, model.trainable_variables)
    module = tfcompat.as_torch_module(model)
    out = module(tfcompat.to_torch(x))
    np.testing.assert_allclose(out.detach().numpy(), expected, rtol=1e-6)
    out.pow(2).sum().backward()
    for grad, parameter in zip(tape_grads, module.parameters()):
        np.testing.assert_allclose(parameter.grad.numpy(), grad.numpy(), rtol=1e-5, atol=1e-7)


def test_each_side_sees_the_others_updates():
    model = built_mlp()
    module = tfcompat.as_torch_module(model)
    kernel = model.trainable_variables[0]
    with torch.no_grad():
        module.dense.kernel.add_(1.0)  # what a torch optimizer's step does
    np.testing.assert_array_equal(kernel.numpy(), module.dense.kernel.detach().numpy())
    before = kernel.numpy()
    tf.train.GradientDescentOptimizer(0.5).apply_gradients([(tf.ones_like(kernel), kernel)])
    np.testing.assert_allclose(module.dense.kernel.detach().numpy(), before - 0.5)
    kernel.assign_add(tf.ones_like(kernel))
    np.testing.assert_allclose(module.dense.kernel.detach().numpy(), before + 0.5)


def test_a_torch_optimizer_trains_the_keras_model():
    model = built_mlp()
    module = tfcompat.as_torch_module(model)
    x, y = torch.randn(64, 3), torch.randn(64, 2)
    optimizer = torch.optim.SGD(module.parameters(), lr=0.1)
    losses = []
    for _ in range(20):
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(module(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    assert losses[-1] < losses[0]
    keras_loss = tf.reduce_mean(tf.square(model(tfcompat.from_torch(x)) - tfcompat.from_torch(y))).numpy()
    np.testing.assert_allclose(keras_loss, torch.nn.functional.mse_loss(module(x), y).item(), rtol=1e-6)


def test_earlier_reads_keep_their_values_when_sharing_starts():
    model = built_mlp()
    snapshot = model.trainable_variables[0].read_value()
    copy = snapshot.numpy()
    module = tfcompat.as_torch_module(model)
    with torch.no_grad():
        module.dense.kernel.mul_(2.0)
    np.testing.assert_array_equal(snapshot.numpy(), copy)


def test_non_trainable_weights_are_buffers_and_training_updates_them():
    model = keras.Sequential([keras.layers.BatchNormalization(input_shape=(3,))])
    model(tf.zeros([2, 3]))
    module = tfcompat.as_torch_module(model)
    assert [name for name, _ in module.named_parameters()] == ["batch_normalization.gamma",
                                                              "batch_normalization.beta"]
    assert [name for name, _ in module.named_buffers()] == ["batch_normalization.moving_mean",
                                                           "batch_normalization.moving_variance"]
    x = torch.randn(16, 3) + 5.0
    module(x)  # inference: the moving statistics stay
    np.testing.assert_array_equal(module.batch_normalization.moving_mean.numpy(), np.zeros(3, np.float32))
    module(x, training=True)
    moving_mean = model.non_trainable_variables[0].numpy()
    np.testing.assert_allclose(moving_mean, 0.01 * x.mean(0).numpy(), rtol=1e-5)
    np.testing.assert_array_equal(module.batch_normalization.moving_mean.numpy(), moving_mean)


def test_module_rejects_unbuilt_layers_and_non_layers():
    with pytest.raises(ValueError, match="has no weights yet"):
        tfcompat.as_torch_module(keras.layers.Dense(3))
    with pytest.raises(TypeError, match="expects a tf.keras layer or model, got Linear"):
        tfcompat.as_torch_module(torch.nn.Linear(2, 2))


def test_module_to_moves_the_variables():
    model = built_mlp()
    module = tfcompat.as_torch_module(model).to(torch.float64)
    assert model.trainable_variables[0].dtype == tf.float64
    assert model.trainable_variables[0].numpy().dtype == np.float64
    assert module.dense.kernel.data_ptr() == read_storage(model.trainable_variables[0]).data_ptr()


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_module_cuda_moves_the_variables_to_the_gpu():
    model = built_mlp()
    module = tfcompat.as_torch_module(model).cuda()
    assert "GPU" in model.trainable_variables[0].device.upper()
    out = module(torch.randn(2, 3, device="cuda"))
    assert out.is_cuda


# --- torch modules as Keras layers --------------------------------------------------------------

def test_torch_layer_variables_share_the_modules_parameters():
    linear = torch.nn.Linear(3, 2)
    layer = tfcompat.TorchModuleLayer(linear)
    out = layer(tf.ones([4, 3]))
    np.testing.assert_allclose(out.numpy(), linear(torch.ones(4, 3)).detach().numpy(), rtol=1e-6)
    assert [v.name for v in layer.trainable_variables] == ["torch_module_layer/weight:0",
                                                           "torch_module_layer/bias:0"]
    assert read_storage(layer.trainable_variables[0]).data_ptr() == linear.weight.data_ptr()
    assert layer.dtype == "float32"


def test_torch_layer_gradients_match_torch_autograd():
    linear = torch.nn.Linear(3, 2)
    model = keras.Sequential([tfcompat.TorchModuleLayer(linear), keras.layers.Activation("tanh")])
    x = np.random.RandomState(0).randn(5, 3).astype(np.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(tf.constant(x)) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    torch.tanh(linear(torch.from_numpy(x))).pow(2).sum().backward()
    np.testing.assert_allclose(grads[0].numpy(), linear.weight.grad.numpy(), rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(grads[1].numpy(), linear.bias.grad.numpy(), rtol=1e-5, atol=1e-7)
    tf.train.GradientDescentOptimizer(0.1).apply_gradients(zip(grads, model.trainable_variables))
    np.testing.assert_allclose(linear.weight.detach().numpy(),
                               model.trainable_variables[0].numpy(), rtol=0)


def test_torch_layer_buffers_are_non_trainable_variables_and_follow_training():
    norm = torch.nn.BatchNorm1d(3)
    linear = torch.nn.Linear(3, 3)
    linear.bias.requires_grad_(False)
    layer = tfcompat.TorchModuleLayer(torch.nn.Sequential(linear, norm))
    x = tf.random_normal([8, 3]) + 4.0
    layer(x)
    assert [v.name for v in layer.trainable_variables] == ["torch_module_layer/0/weight:0",
                                                           "torch_module_layer/1/weight:0",
                                                           "torch_module_layer/1/bias:0"]
    assert [v.name for v in layer.non_trainable_variables] == [
        "torch_module_layer/0/bias:0", "torch_module_layer/1/running_mean:0",
        "torch_module_layer/1/running_var:0", "torch_module_layer/1/num_batches_tracked:0"]
    running_mean = layer.non_trainable_variables[1]
    np.testing.assert_array_equal(running_mean.numpy(), np.zeros(3, np.float32))  # inference by default
    layer(x, training=True)
    assert np.all(running_mean.numpy() != 0) and norm.training  # the module's own mode is restored
    np.testing.assert_array_equal(running_mean.numpy(), norm.running_mean.numpy())


def test_round_trip_keras_model_with_a_torch_layer_as_a_module():
    linear = torch.nn.Linear(3, 2)
    model = keras.Sequential([tfcompat.TorchModuleLayer(linear), keras.layers.Dense(1)])
    x = tf.random_normal([4, 3])
    expected = model(x).numpy()
    module = tfcompat.as_torch_module(model)
    out = module(tfcompat.to_torch(x))
    np.testing.assert_allclose(out.detach().numpy(), expected, rtol=1e-6)
    out.sum().backward()
    assert module.sequential.torch_module_layer.weight.grad is not None
    assert module.sequential.torch_module_layer.weight.data_ptr() == linear.weight.data_ptr()


def test_torch_layer_rejects_non_modules():
    with pytest.raises(TypeError, match="expects a torch.nn.Module, got int"):
        tfcompat.TorchModuleLayer(3)


def test_a_shared_variable_refuses_a_value_of_another_shape():
    variable = tf.Variable(tf.zeros([2]), shape=tf.TensorShape([None]))
    share_storage(variable, torch.zeros(2))
    with pytest.raises(ValueError, match=r"shares the memory of a torch tensor of shape \(2,\)"):
        variable.assign(tf.zeros([1]))
