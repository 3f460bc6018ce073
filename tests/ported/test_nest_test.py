"""Ported behaviours of tensorflow/python/util/nest_test.py (TF 1.13-1.15), through the public ``tf.nest`` API.

TF's test calls the private module ``tensorflow.python.util.nest``; here every call goes through the
``tf.nest`` names TF 1.x exported: ``flatten``, ``pack_sequence_as``, ``map_structure``,
``assert_same_structure`` and ``is_nested`` (TF 1.13's test called it ``is_sequence`` and was named
testIsSequence; the TF 1.15-era file names it testIsNested and adds the dict-view cases, ported here).
``constant_op.constant`` / ``array_ops.ones`` / ``math_ops.tanh`` are ``tf.constant`` / ``tf.ones`` / ``tf.tanh``.
Messages asserted are TF 1.x's (the patterns of TF's test); where TF 2.x reworded one (pack_sequence_as's
"flat_sequence must be a sequence" and "Structure had N elements"), the TF 1.x text is the one kept.

Left out:
* attrs classes: testAttrsFlattenAndPack, testAttrsMapStructure (``attr.s`` support is not part of TF 1.x's
  public contract and ``attr`` is not a dependency here).
* private helpers that TF 1.x's ``tf.nest`` does not export: testFlattenDictItems (``flatten_dict_items``),
  testAssertShallowStructure, testFlattenUpTo, testFlattenWithTuplePathsUpTo, testMapStructureUpTo,
  testGetTraverseShallowStructure, testYieldFlatStringPaths, testFlattenWithStringPaths,
  testFlattenWithTuplePaths, testMapWithPaths*/testMapWithTuplePaths* (path helpers).
* graph mode only: testMapStructureOverPlaceholders (placeholders fed through a Session).
* composite tensors (``expand_composites=True`` cases): tfcompat has no CompositeTensor.
* NestBenchmark (a timing benchmark, no asserts); the ``assert_no_new_pyobjects_executing_eagerly`` leak
  decorators count TF's own Python objects, so the tests run without them.
"""

import collections
from collections.abc import Mapping

import numpy as np
import pytest

import tfcompat as tf

nest = tf.nest


class _CustomMapping(Mapping):

    def __init__(self, *args, **kwargs):
        self._wrapped = dict(*args, **kwargs)

    def __getitem__(self, key):
        return self._wrapped[key]

    def __iter__(self):
        return iter(self._wrapped)

    def __len__(self):
        return len(self._wrapped)


PointXY = collections.namedtuple("Point", ["x", "y"])
Abc = collections.namedtuple("A", ("b", "c"))
ABTuple = collections.namedtuple("ab_tuple", "a, b")
EmptyNT = collections.namedtuple("empty_nt", "")

Named0ab = collections.namedtuple("named_0", ("a", "b"))
Named1ab = collections.namedtuple("named_1", ("a", "b"))
SameNameab = collections.namedtuple("same_name", ("a", "b"))
SameNameab2 = collections.namedtuple("same_name", ("a", "b"))
SameNamexy = collections.namedtuple("same_name", ("x", "y"))
SameName1xy = collections.namedtuple("same_name_1", ("x", "y"))
SameName1xy2 = collections.namedtuple("same_name_1", ("x", "y"))
NotSameName = collections.namedtuple("not_same_name", ("a", "b"))


class SameNamedType1(SameNameab):
    pass


def test_NestTest_testFlattenAndPack():
    """Port of tensorflow/python/util/nest_test.py::NestTest::testFlattenAndPack"""
    structure = ((3, 4), 5, (6, 7, (9, 10), 8))
    flat = ["a", "b", "c", "d", "e", "f", "g", "h"]
    assert nest.flatten(structure) == [3, 4, 5, 6, 7, 9, 10, 8]
    assert nest.pack_sequence_as(structure, flat) == (("a", "b"), "c", ("d", "e", ("f", "g"), "h"))

    structure = (PointXY(x=4, y=2), ((PointXY(x=1, y=0),),))
    flat = [4, 2, 1, 0]
    assert nest.flatten(structure) == flat
    restructured_from_flat = nest.pack_sequence_as(structure, flat)
    assert restructured_from_flat == structure
    assert restructured_from_flat[0].x == 4
    assert restructured_from_flat[0].y == 2
    assert restructured_from_flat[1][0][0].x == 1
    assert restructured_from_flat[1][0][0].y == 0

    assert nest.flatten(5) == [5]
    assert nest.flatten(np.array([5])) == [np.array([5])]

    assert nest.pack_sequence_as(5, ["a"]) == "a"
    assert nest.pack_sequence_as("scalar", [np.array([5])]) == np.array([5])

    with pytest.raises(ValueError, match="Structure is a scalar"):
        nest.pack_sequence_as("scalar", [4, 5])

    with pytest.raises(TypeError, match="flat_sequence"):
        nest.pack_sequence_as([4, 5], "bad_sequence")

    with pytest.raises(ValueError):
        nest.pack_sequence_as([5, 6, [7, 8]], ["a", "b", "c"])


@pytest.mark.parametrize("mapping_type", [collections.OrderedDict, _CustomMapping])
def test_NestTest_testFlattenDictOrder(mapping_type):
    """Port of tensorflow/python/util/nest_test.py::NestTest::testFlattenDictOrder"""
    ordered = mapping_type([("d", 3), ("b", 1), ("a", 0), ("c", 2)])
    plain = {"d": 3, "b": 1, "a": 0, "c": 2}
    assert nest.flatten(ordered) == [0, 1, 2, 3]
    assert nest.flatten(plain) == [0, 1, 2, 3]


@pytest.mark.parametrize("mapping_type", [collections.OrderedDict, _CustomMapping])
def test_NestTest_testPackDictOrder(mapping_type):
    """Port of tensorflow/python/util/nest_test.py::NestTest::testPackDictOrder"""
    custom = mapping_type([("d", 0), ("b", 0), ("a", 0), ("c", 0)])
    plain = {"d": 0, "b": 0, "a": 0, "c": 0}
    seq = [0, 1, 2, 3]
    custom_reconstruction = nest.pack_sequence_as(custom, seq)
    plain_reconstruction = nest.pack_sequence_as(plain, seq)
    assert isinstance(custom_reconstruction, mapping_type)
    assert isinstance(plain_reconstruction, dict)
    assert custom_reconstruction == mapping_type([("d", 3), ("b", 1), ("a", 0), ("c", 2)])
    assert plain_reconstruction == {"d": 3, "b": 1, "a": 0, "c": 2}


def test_NestTest_testFlattenAndPackMappingViews():
    """Port of tensorflow/python/util/nest_test.py::NestTest::testFlattenAndPackMappingViews"""
    ordered = collections.OrderedDict([("d", 3), ("b", 1), ("a", 0), ("c", 2)])

    ordered_keys_flat = nest.flatten(ordered.keys())
    ordered_values_flat = nest.flatten(ordered.values())
    ordered_items_flat = nest.flatten(ordered.items())
    assert ordered_values_flat == [3, 1, 0, 2]
    assert ordered_keys_flat == ["d", "b", "a", "c"]
    assert ordered_items_flat == ["d", 3, "b", 1, "a", 0, "c", 2]

    assert nest.pack_sequence_as(ordered.items(), ordered_items_flat) == [("d", 3), ("b", 1), ("a", 0), ("c", 2)]


def test_NestTest_testFlattenAndPack_withDicts():
    """Port of tensorflow/python/util/nest_test.py::NestTest::testFlattenAndPack_withDicts"""
    # A nice messy mix of tuples, lists, dicts, and `OrderedDict`s.
    mess = [
        "z",
        Abc(3, 4),
        {
            "d": _CustomMapping({41: 4}),
            "c": [1, collections.OrderedDict([("b", 3), ("a", 2)])],
            "b": 5,
        },
        17,
    ]
    flattened = nest.flatten(mess)
    assert flattened == ["z", 3, 4, 5, 1, 2, 3, 4, 17]

    structure_of_mess = [
        14,
        Abc("a", True),
        {
            "d": _CustomMapping({41: 42}),
            "c": [0, collections.OrderedDict([("b", 9), ("a", 8)])],
            "b": 3,
        },
        "hi everybody",
    ]
    unflattened = nest.pack_sequence_as(structure_of_mess, flattened)
    assert unflattened == mess

    # The OrderedDict is rebuilt as one, in its own key order.
    unflattened_ordered_dict = unflattened[2]["c"][1]
    assert isinstance(unflattened_ordered_dict, collections.OrderedDict)
    assert list(unflattened_ordered_dict.keys()) == ["b", "a"]

    unflattened_custom_mapping = unflattened[2]["d"]
    assert isinstance(unflattened_custom_mapping, _CustomMapping)
    assert list(unflattened_custom_mapping.keys()) == [41]


def test_NestTest_testFlatten_numpyIsNotFlattened():
    """Port of tensorflow/python/util/nest_test.py::NestTest::testFlatten_numpyIsNotFlattened"""
    assert len(nest.flatten(np.array([1, 2, 3]))) == 1


def test_NestTest_testFlatten_stringIsNotFlattened():
    """Port of tensorflow/python/util/nest_test.py::NestTest::testFlatten_stringIsNotFlattened"""
    structure = "lots of letters"
    flattened = nest.flatten(structure)
    assert len(flattened) == 1
    assert nest.pack_sequence_as("goodbye", flattened) == structure


def test_NestTest_testPackSequenceAs_notIterableError():
    """Port of tensorflow/python/util/nest_test.py::NestTest::testPackSequenceAs_notIterableError"""
    with pytest.raises(TypeError, match="flat_sequence must be a sequence"):
        nest.pack_sequence_as("hi", "bye")


def test_NestTest_testPackSequenceAs_wrongLengthsError():
    """Port of tensorflow/python/util/nest_test.py::NestTest::testPackSequenceAs_wrongLengthsError"""
    with pytest.raises(ValueError, match="Structure had 2 elements, but flat_sequence had 3 elements."):
        nest.pack_sequence_as(["hello", "world"], ["and", "goodbye", "again"])


def test_NestTest_testIsNested():
    """Port of tensorflow/python/util/nest_test.py::NestTest::testIsNested (TF 1.13: testIsSequence)"""
    assert not nest.is_nested("1234")
    assert nest.is_nested([1, 3, [4, 5]])
    assert nest.is_nested(((7, 8), (5, 6)))
    assert nest.is_nested([])
    assert nest.is_nested({"a": 1, "b": 2})
    assert nest.is_nested({"a": 1, "b": 2}.keys())
    assert nest.is_nested({"a": 1, "b": 2}.values())
    assert nest.is_nested({"a": 1, "b": 2}.items())
    assert not nest.is_nested({1, 2})
    ones = tf.ones([2, 3])
    assert not nest.is_nested(ones)
    assert not nest.is_nested(tf.tanh(ones))
    assert not nest.is_nested(np.ones((4, 5)))


def _check_same_structure_raises(error, pattern, nest1, nest2, **kwargs):
    with pytest.raises(error, match=pattern):
        nest.assert_same_structure(nest1, nest2, **kwargs)


def test_NestTest_testAssertSameStructure():
    """Port of tensorflow/python/util/nest_test.py::NestTest::testAssertSameStructure"""
    structure1 = (((1, 2), 3), 4, (5, 6))
    structure2 = ((("foo1", "foo2"), "foo3"), "foo4", ("foo5", "foo6"))
    structure_different_num_elements = ("spam", "eggs")
    structure_different_nesting = (((1, 2), 3), 4, 5, (6,))
    nest.assert_same_structure(structure1, structure2)
    nest.assert_same_structure("abc", 1.0)
    nest.assert_same_structure("abc", np.array([0, 1]))
    nest.assert_same_structure("abc", tf.constant([0, 1]))

    _check_same_structure_raises(
        ValueError,
        ("The two structures don't have the same nested structure\\.\n\n"
         "First structure:.*?\n\n"
         "Second structure:.*\n\n"
         "More specifically: Substructure "
         r'"type=tuple str=\(\(1, 2\), 3\)" is a sequence, while '
         'substructure "type=str str=spam" is not\n'
         "Entire first structure:\n"
         r"\(\(\(\., \.\), \.\), \., \(\., \.\)\)\n"
         "Entire second structure:\n"
         r"\(\., \.\)"),
        structure1, structure_different_num_elements)

    _check_same_structure_raises(
        ValueError,
        ("The two structures don't have the same nested structure\\.\n\n"
         "First structure:.*?\n\n"
         "Second structure:.*\n\n"
         r'More specifically: Substructure "type=list str=\[0, 1\]" '
         r'is a sequence, while substructure "type=ndarray str=\[0 1\]" '
         "is not"),
        [0, 1], np.array([0, 1]))

    _check_same_structure_raises(
        ValueError,
        ("The two structures don't have the same nested structure\\.\n\n"
         "First structure:.*?\n\n"
         "Second structure:.*\n\n"
         r'More specifically: Substructure "type=list str=\[0, 1\]" '
         'is a sequence, while substructure "type=int str=0" '
         "is not"),
        0, [0, 1])

    _check_same_structure_raises(TypeError, None, (0, 1), [0, 1])

    nesting_pattern = "don't have the same nested structure\\.\n\nFirst structure: .*?\n\nSecond structure: "
    _check_same_structure_raises(ValueError, nesting_pattern, structure1, structure_different_nesting)

    _check_same_structure_raises(TypeError, None, (0, 1), Named0ab("a", "b"))

    nest.assert_same_structure(Named0ab(3, 4), Named0ab("a", "b"))

    _check_same_structure_raises(TypeError, None, Named0ab(3, 4), Named1ab(3, 4))

    _check_same_structure_raises(ValueError, nesting_pattern, Named0ab(3, 4), Named0ab([3], 4))

    _check_same_structure_raises(ValueError, nesting_pattern, [[3], 4], [3, [4]])

    structure1_list = [[[1, 2], 3], 4, [5, 6]]
    _check_same_structure_raises(TypeError, "don't have the same sequence type", structure1, structure1_list)
    nest.assert_same_structure(structure1, structure2, check_types=False)
    nest.assert_same_structure(structure1, structure1_list, check_types=False)

    _check_same_structure_raises(ValueError, "don't have the same set of keys", {"a": 1}, {"b": 1})

    nest.assert_same_structure(SameNameab(0, 1), SameNameab2(2, 3))

    # Two namedtuples with the same name and field names are considered identical.
    nest.assert_same_structure(SameNameab(SameName1xy(0, 1), 2), SameNameab2(SameName1xy2(2, 3), 4))

    _check_same_structure_raises(
        ValueError, "The two structures don't have the same.*",
        SameNameab(0, SameNameab2(1, 2)), SameNameab2(SameNameab(0, 1), 2))

    _check_same_structure_raises(TypeError, None, SameNameab(0, 1), NotSameName(2, 3))
    _check_same_structure_raises(TypeError, None, SameNameab(0, 1), SameNamexy(2, 3))
    _check_same_structure_raises(TypeError, None, SameNameab(0, 1), SameNamedType1(2, 3))


def test_NestTest_testHeterogeneousComparison():
    """Port of tensorflow/python/util/nest_test.py::NestTest::testHeterogeneousComparison"""
    nest.assert_same_structure({"a": 4}, _CustomMapping(a=3))
    nest.assert_same_structure(_CustomMapping(b=3), {"b": 4})


def test_NestTest_testMapStructure():
    """Port of tensorflow/python/util/nest_test.py::NestTest::testMapStructure"""
    structure1 = (((1, 2), 3), 4, (5, 6))
    structure2 = (((7, 8), 9), 10, (11, 12))
    structure1_plus1 = nest.map_structure(lambda x: x + 1, structure1)
    nest.assert_same_structure(structure1, structure1_plus1)
    assert nest.flatten(structure1_plus1) == [2, 3, 4, 5, 6, 7]
    structure1_plus_structure2 = nest.map_structure(lambda x, y: x + y, structure1, structure2)
    assert structure1_plus_structure2 == (((1 + 7, 2 + 8), 3 + 9), 4 + 10, (5 + 11, 6 + 12))

    assert nest.map_structure(lambda x: x - 1, 4) == 3
    assert nest.map_structure(lambda x, y: x + y, 3, 4) == 7

    # Empty structures keep their type: an empty list is not an empty tuple.
    assert nest.map_structure(lambda x: x + 1, ()) == ()
    assert nest.map_structure(lambda x: x + 1, []) == []
    assert nest.map_structure(lambda x: x + 1, {}) == {}
    assert nest.map_structure(lambda x: x + 1, EmptyNT()) == EmptyNT()
    assert nest.map_structure(lambda x: x + 1, []) != ()

    with pytest.raises(TypeError, match="callable"):
        nest.map_structure("bad", structure1_plus1)

    with pytest.raises(ValueError, match="at least one structure"):
        nest.map_structure(lambda x: x)

    with pytest.raises(ValueError, match="same number of elements"):
        nest.map_structure(lambda x, y: None, (3, 4), (3, 4, 5))

    with pytest.raises(ValueError, match="same nested structure"):
        nest.map_structure(lambda x, y: None, 3, (3,))

    with pytest.raises(TypeError, match="same sequence type"):
        nest.map_structure(lambda x, y: None, ((3, 4), 5), [(3, 4), 5])

    with pytest.raises(ValueError, match="same nested structure"):
        nest.map_structure(lambda x, y: None, ((3, 4), 5), (3, (4, 5)))

    structure1_list = [[[1, 2], 3], 4, [5, 6]]
    with pytest.raises(TypeError, match="same sequence type"):
        nest.map_structure(lambda x, y: None, structure1, structure1_list)

    nest.map_structure(lambda x, y: None, structure1, structure1_list, check_types=False)

    with pytest.raises(ValueError, match="same nested structure"):
        nest.map_structure(lambda x, y: None, ((3, 4), 5), (3, (4, 5)), check_types=False)

    with pytest.raises(ValueError, match="Only valid keyword argument.*foo"):
        nest.map_structure(lambda x: None, structure1, foo="a")

    with pytest.raises(ValueError, match="Only valid keyword argument.*foo"):
        nest.map_structure(lambda x: None, structure1, check_types=False, foo="a")


def test_NestTest_testMapStructureWithStrings():
    """Port of tensorflow/python/util/nest_test.py::NestTest::testMapStructureWithStrings"""
    inp_a = ABTuple(a="foo", b=("bar", "baz"))
    inp_b = ABTuple(a=2, b=(1, 3))
    out = nest.map_structure(lambda string, repeats: string * repeats, inp_a, inp_b)
    assert out.a == "foofoo"
    assert out.b[0] == "bar"
    assert out.b[1] == "bazbazbaz"

    nt = ABTuple(a=("something", "something_else"), b="yet another thing")
    rev_nt = nest.map_structure(lambda x: x[::-1], nt)
    # The output has the input's structure, and every string is reversed.
    nest.assert_same_structure(nt, rev_nt)
    assert rev_nt.a[0] == nt.a[0][::-1]
    assert rev_nt.a[1] == nt.a[1][::-1]
    assert rev_nt.b == nt.b[::-1]
