"""Ported behaviours of TF 1.15's kernel_tests/template_test.py: the tests TF runs in eager mode
(EagerTemplate). Each starts from fresh scope names, as TF's tests start in a new graph."""

import functools

import pytest

import tfcompat as tf


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.reset_default_graph()


def variable_scoped_function(trainable=True):
    return tf.get_variable("dummy", shape=[1], trainable=trainable, initializer=tf.zeros_initializer())


def internally_variable_scoped_function(scope_name):
    with tf.variable_scope(scope_name):
        return tf.get_variable("dummy", shape=[1], initializer=tf.zeros_initializer())


def function_with_side_create(trainable, name="side"):
    tf.get_variable(name, shape=[1], trainable=trainable)
    return tf.get_variable("dummy", shape=[1], initializer=tf.zeros_initializer())


def test_TemplateTest_test_template_with_empty_name():
    tpl = tf.make_template("", variable_scoped_function)
    with tf.variable_scope("outer"):
        tf.get_variable("x", [])
        v = tpl()
    assert tpl.variable_scope_name == "outer/"
    assert v.name == "outer//dummy:0"
    assert tpl.variables == [v]  # under eager the template does not see `x`


def test_TemplateTest_test_template_with_name():
    tmpl1 = tf.make_template("s1", variable_scoped_function)
    tmpl2 = tf.make_template("s1", variable_scoped_function)
    v1, v2, v3 = tmpl1(), tmpl1(), tmpl2()
    assert v1 is v2 and v1 is not v3
    assert v1.name == "s1/dummy:0" and v3.name == "s1_1/dummy:0"


def test_TemplateTest_test_unique_name_raise_error_in_eager():
    with pytest.raises(ValueError, match="unique_name_ cannot be used when eager exeuction is enabled."):
        tf.make_template("_", variable_scoped_function, unique_name_="s1")


def test_TemplateTest_test_template_in_scope():
    tmpl1 = tf.make_template("s1", variable_scoped_function)
    tmpl2 = tf.make_template("s1", variable_scoped_function)
    with tf.variable_scope("scope"):
        v1 = tmpl1()
        v3 = tmpl2()
    with tf.variable_scope("scope2"):  # the template contract requires ignoring scope2
        v2 = tmpl1()
    assert v1 is v2 and v1 is not v3
    assert v1.name == "scope/s1/dummy:0" and v3.name == "scope/s1_1/dummy:0"


def test_TemplateTest_test_template_with_internal_reuse():
    tmpl1 = tf.make_template("s1", internally_variable_scoped_function)
    tmpl2 = tf.make_template("s1", internally_variable_scoped_function)
    v1, v2, v3 = tmpl1("test"), tmpl1("test"), tmpl2("test")
    assert v1 is v2 and v1 is not v3
    assert v1.name == "s1/test/dummy:0" and v3.name == "s1_1/test/dummy:0"
    with pytest.raises(ValueError):
        tmpl1("not_test")


def test_TemplateTest_test_template_without_name():
    with pytest.raises(ValueError, match="name cannot be None."):
        tf.make_template(None, variable_scoped_function)


def test_TemplateTest_test_make_template():
    tmpl1 = tf.make_template("s1", internally_variable_scoped_function, scope_name="test")
    tmpl2 = tf.make_template("s1", internally_variable_scoped_function, scope_name="test")
    v1, v2, v3 = tmpl1(), tmpl1(), tmpl2()
    assert v1 is v2 and v1 is not v3
    assert v1.name == "s1/test/dummy:0" and v3.name == "s1_1/test/dummy:0"


def test_TemplateTest_test_enforces_no_extra_trainable_variables_eager():
    tmpl = tf.make_template("s", function_with_side_create, trainable=True)
    tmpl(name="1")
    with pytest.raises(ValueError, match="Trainable variable created when calling a template after the first time"):
        tmpl(name="2")


def test_TemplateTest_test_permits_extra_non_trainable_variables_eager():
    tmpl = tf.make_template("s", function_with_side_create, trainable=False)
    assert tmpl(name="1") is tmpl(name="2")


def test_TemplateTest_test_internal_variable_reuse():
    def nested():
        with tf.variable_scope("nested") as vs:
            v1 = tf.get_variable("x", initializer=tf.zeros_initializer(), shape=[])
        with tf.variable_scope(vs, reuse=True):
            v2 = tf.get_variable("x")
        assert v1 is v2
        return v1

    tmpl1 = tf.make_template("s1", nested)
    tmpl2 = tf.make_template("s1", nested)
    v1, v2, v3 = tmpl1(), tmpl1(), tmpl2()
    assert v1 is v2 and v1 is not v3
    assert v1.name == "s1/nested/x:0" and v3.name == "s1_1/nested/x:0"


def test_TemplateTest_test_nested_templates():
    def nested_template():
        nested1 = tf.make_template("nested", variable_scoped_function)
        nested2 = tf.make_template("nested", variable_scoped_function)
        v1 = nested1()
        v2 = nested2()
        assert v1 is not v2
        assert nested1.variables == [v1] and nested2.variables == [v2]
        assert nested1.trainable_variables == [v1] and nested2.trainable_variables == [v2]
        assert len(nested1.non_trainable_variables) == 0 and len(nested2.non_trainable_variables) == 0
        return v1, v2

    tmpl1 = tf.make_template("s1", nested_template)
    tmpl2 = tf.make_template("s1", nested_template)
    v1, v2 = tmpl1()
    v3, v4 = tmpl1()
    v5, v6 = tmpl2()
    assert v1 is v3 and v2 is v4
    assert tmpl1.variables == [v1, v2] and tmpl1.trainable_variables == [v1, v2]
    assert len(tmpl1.non_trainable_variables) == 0
    assert v5 is not v1 and v6 is not v2
    assert tmpl2.variables == [v5, v6] and tmpl2.trainable_variables == [v5, v6]
    assert [v.name for v in (v1, v2, v5, v6)] == ["s1/nested/dummy:0", "s1/nested_1/dummy:0",
                                                  "s1_1/nested/dummy:0", "s1_1/nested_1/dummy:0"]


def test_TemplateTest_test_graph_function_no_name():
    def f(_, y):
        return y + 1

    partial = functools.partial(f, 1.0)
    tmpl = tf.contrib.eager.make_template("a", partial, create_graph_function_=True)
    assert tmpl(tf.convert_to_tensor(1.0)).numpy() == 2.0
