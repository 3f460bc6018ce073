"""Ported behaviours of TF 1.x's tensorflow/contrib/eager/python/network_test.py (tfe.Network),
eager mode.  The save/restore tests are left out: tfcompat's Network.save/restore raise
NotImplementedError (checkpoints go through tf.train.Checkpoint).  testDuplicateNameError is left
out too: leaving a re-entered VariableScope restores the scope-name counts (TF 1.15's
_pure_variable_scope.__exit__, and TF 2.21's compat.v1 does the same), so under TF 1.15's own
variable_scope a second top-level Network named 'foo' gets the scope 'foo' again and nothing
raises."""

import pytest

import tfcompat as tf

tfe = tf.contrib.eager
core = tf.layers


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()
    tf.reset_default_graph()
    yield


class MyNetwork(tfe.Network):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.l1 = self.track_layer(core.Dense(1, use_bias=False))

    def call(self, x):
        return self.l1(x)


def _one():
    return tf.constant([[1.0]])


def test_NetworkTest_testTrainableAttribute():
    net = tfe.Network()
    assert net.trainable
    with pytest.raises(AttributeError):
        net.trainable = False
    assert net.trainable


def test_NetworkTest_testNetworkCall():
    net = MyNetwork(name="abcd")
    net(tf.constant([[2.0]]))
    assert len(net.trainable_variables) == 1
    net.trainable_variables[0].assign([[17.0]])
    assert net(tf.constant([[2.0]])).numpy().item() == 34.0


def test_NetworkTest_testNetworkSaveRestoreAlreadyBuilt():
    # tfcompat: save/restore are not provided; they say so with NotImplementedError.
    net = MyNetwork(name="abcd")
    net(tf.constant([[2.0]]))
    with pytest.raises(NotImplementedError, match="tf.train.Checkpoint"):
        net.save("/tmp/unused")


def test_NetworkTest_testAnonymousNoNameInitially():
    with pytest.raises(ValueError, match="does not yet have a final name"):
        MyNetwork().name  # noqa: B018


def test_NetworkTest_testExplicitHasNameInitially():
    assert MyNetwork(name="abcd").name == "abcd"


def test_NetworkTest_testWrappingInVariableScope():
    with tf.variable_scope("outside_scope"):
        net = MyNetwork()
        with pytest.raises(ValueError, match="Creating Networks inside named variable_scopes is currently not "
                                             "supported"):
            net(_one())


def test_NetworkTest_testLayerNamesRespected():
    class ParentNetwork(tfe.Network):
        def __init__(self):
            super().__init__()
            self.first = self.track_layer(core.Dense(1, use_bias=False, name="explicit_name"))

        def call(self, x):
            return self.first(x)

    net = ParentNetwork()
    net(_one())
    assert net.trainable_weights[0].name.startswith("parent_network_1/explicit_name/")
    assert net.first.name == "explicit_name"


def test_NetworkTest_testWrappingInAnonymousVariableScope():
    was_called = [False]

    def custom_getter(getter, *args, **kwargs):
        was_called[0] = True
        return getter(*args, **kwargs)

    with tf.variable_scope("", custom_getter=custom_getter):
        MyNetwork()(_one())
    assert was_called[0]


def test_NetworkTest_testReasonableSlashError():
    with pytest.raises(ValueError, match="not allowed in Network names"):
        MyNetwork(name="slash/slash")


def test_NetworkTest_testNoVariableScopeNames():
    with pytest.raises(ValueError, match="VariableScopes are not valid Network names"):
        with tf.variable_scope("some_scope") as scope:
            MyNetwork(name=scope)


def test_NetworkTest_testVariableScopeNameCollision():
    with tf.variable_scope("abcd"):
        pass
    with pytest.raises(ValueError, match="or a variable_scope was created with this name"):
        MyNetwork(name="abcd")(_one())


def test_NetworkTest_testNetworkVariablesDoNotInterfere():
    core.Dense(1, use_bias=True)  # does not interfere with the Networks' naming
    net1, net2 = MyNetwork(), MyNetwork()
    net1(_one())
    net2(_one())
    assert net1.l1.name == "dense_1"
    assert net2.l1.name == "dense_1"
    net1.trainable_weights[0].assign([[1.0]])
    net2.trainable_weights[0].assign([[2.0]])
    assert net2.trainable_weights[0].numpy().item() == 2.0
    assert net1.trainable_weights[0].numpy().item() == 1.0
    assert net1.trainable_weights[0].name.startswith("my_network_1/dense_1/")
    assert net2.trainable_weights[0].name.startswith("my_network_2/dense_1/")


def test_NetworkTest_testNestableAnonymous():
    class ParentNetwork(tfe.Network):
        def __init__(self):
            super().__init__()
            self.first = self.track_layer(MyNetwork())
            self.second = self.track_layer(MyNetwork())

        def call(self, x):
            return self.second(self.first(x))

    for index, net in ((1, ParentNetwork()), (2, ParentNetwork())):
        net(_one())
        assert net.trainable_weights[0].name.startswith(f"parent_network_{index}/my_network_1/dense")
        assert net.first.trainable_weights[0].name.startswith(f"parent_network_{index}/my_network_1/dense")
        assert net.trainable_weights[1].name.startswith(f"parent_network_{index}/my_network_2/dense")
        assert net.second.trainable_weights[0].name.startswith(f"parent_network_{index}/my_network_2/dense")
        assert net.name == f"parent_network_{index}"
        assert net.first.name == "my_network_1"
        assert net.second.name == "my_network_2"


def test_NetworkTest_testNestableExplicit():
    class ParentNetwork(tfe.Network):
        def __init__(self):
            super().__init__(name="unique_parent_name")
            self.first = self.track_layer(MyNetwork(name="first_unique_child_name"))
            self.second = self.track_layer(MyNetwork(name="second_unique_child_name"))

        def call(self, x):
            return self.second(self.first(x))

    net = ParentNetwork()
    net(_one())
    assert net.trainable_weights[0].name.startswith("unique_parent_name/first_unique_child_name/dense")
    assert net.trainable_weights[1].name.startswith("unique_parent_name/second_unique_child_name/dense")
    assert net.name == "unique_parent_name"
    assert net.first.name == "first_unique_child_name"
    assert net.second.name == "second_unique_child_name"


def test_NetworkTest_testLayerNetworkNameInteractions():
    class Dense(tfe.Network):
        def __init__(self):
            super().__init__()
            self.first = self.track_layer(core.Dense(1, use_bias=False))

        def call(self, x):
            return self.first(x)

    class MixedLayerNetwork(tfe.Network):
        def __init__(self):
            super().__init__()
            self.first = self.track_layer(core.Dense(1, use_bias=False))
            self.second = self.track_layer(core.Dense(1, use_bias=False))
            self.third = self.track_layer(Dense())
            self.fourth = self.track_layer(core.Dense(1, use_bias=False))
            self.fifth = self.track_layer(core.Dense(1, use_bias=False))

        def call(self, x):
            return self.fifth(self.fourth(self.third(self.second(self.first(x)))))

    net = MixedLayerNetwork()
    net(_one())
    assert [net.first.name, net.second.name, net.third.name, net.fourth.name, net.fifth.name] == [
        "dense_1", "dense_2", "dense_3", "dense_4", "dense_5"]
    for index in range(5):
        assert net.trainable_weights[index].name.startswith(f"mixed_layer_network_1/dense_{index + 1}/")
    assert net.name == "mixed_layer_network_1"


def test_NetworkTest_testNestableExplicitCollisions():
    class ParentNetwork(tfe.Network):
        def __init__(self):
            super().__init__(name="nonunique_name")
            self.first = self.track_layer(MyNetwork(name="nonunique_name"))
            self.second = self.track_layer(MyNetwork(name="second_unique_child_name"))

        def call(self, x):
            return self.second(self.first(x))

    net = ParentNetwork()
    net(_one())
    assert net.trainable_weights[0].name.startswith("nonunique_name/nonunique_name/dense")
    assert net.trainable_weights[1].name.startswith("nonunique_name/second_unique_child_name/dense")
    assert [net.name, net.first.name, net.second.name] == ["nonunique_name", "nonunique_name",
                                                           "second_unique_child_name"]


def test_NetworkTest_testNestableExplicitWithAnonymousParent():
    class ParentNetwork(tfe.Network):
        def __init__(self):
            super().__init__()
            self.first = self.track_layer(MyNetwork(name="first_unique_child_name"))
            self.second = self.track_layer(MyNetwork(name="second_unique_child_name"))

        def call(self, x):
            return self.second(self.first(x))

    net = ParentNetwork()
    net(_one())
    assert net.trainable_weights[0].name.startswith("parent_network_1/first_unique_child_name/dense_1/")
    assert net.trainable_weights[1].name.startswith("parent_network_1/second_unique_child_name/dense_1/")
    net2 = ParentNetwork()
    net2(_one())
    assert net2.trainable_weights[0].name.startswith("parent_network_2/first_unique_child_name/dense")
    assert net2.trainable_weights[1].name.startswith("parent_network_2/second_unique_child_name/dense")
    assert [net2.name, net2.first.name, net2.second.name] == ["parent_network_2", "first_unique_child_name",
                                                              "second_unique_child_name"]


def test_NetworkTest_testNestableExplicitSameLayerCollisions():
    class ParentNetwork(tfe.Network):
        def __init__(self):
            super().__init__(name="unique_parent_name")
            self.first = self.track_layer(MyNetwork(name="nonunique_name"))
            self.second = self.track_layer(MyNetwork(name="nonunique_name"))

        def call(self, x):
            return self.second(self.first(x))

    with pytest.raises(ValueError, match="nonunique_name"):
        ParentNetwork()


def test_NetworkTest_testAnonymousVariableSharing():
    class FirstParentNetwork(tfe.Network):
        def __init__(self):
            super().__init__()
            self.first = self.track_layer(MyNetwork())
            self.second = self.track_layer(MyNetwork())

        def call(self, x):
            return self.second(self.first(x))

    net = FirstParentNetwork()
    net(_one())

    class SecondParentNetwork(tfe.Network):
        def __init__(self):
            super().__init__()
            self.first = self.track_layer(net.first)
            self.second = self.track_layer(MyNetwork())

        def call(self, x):
            return self.second(self.first(x))

    net2 = SecondParentNetwork()
    net2(_one())
    assert net2.trainable_weights[0].name.startswith("first_parent_network_1/my_network_1/dense_1/")
    assert net2.trainable_weights[1].name.startswith("second_parent_network_1/my_network_1/dense_1/")
    assert net2.name == "second_parent_network_1"
    assert net2.first is net.first
    assert net2.first.name == "my_network_1"
    assert net2.second.name == "my_network_1"

    class ThirdParentNetwork(tfe.Network):
        def __init__(self):
            super().__init__()
            self.first = self.track_layer(MyNetwork())
            self.second = self.track_layer(net.second)

        def call(self, x):
            return self.second(self.first(x))

    net3 = ThirdParentNetwork()
    net3(_one())
    assert net3.trainable_weights[0].name.startswith("third_parent_network_1/my_network_1/dense")
    assert net3.trainable_weights[1].name.startswith("first_parent_network_1/my_network_2/dense")
    assert net3.second is net.second
    assert [net3.first.name, net3.second.name] == ["my_network_1", "my_network_2"]
