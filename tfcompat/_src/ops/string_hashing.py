"""String hashes as TF computes them: the legacy Hash64 of tensorflow/core/lib/hash/hash.cc
(tf.strings.to_hash_bucket), keyed SipHash-2-4 (to_hash_bucket_strong), FarmHash Fingerprint64
(tf.fingerprint, from the pyfarmhash package) and FingerprintCat64 (sparse.cross_hashed).

Hash64 and SipHash run vectorized over all strings with NumPy uint64 arithmetic (which wraps
modulo 2**64 as C's does): one step per 8-byte block position, over the strings that are at
least that long, so a batch costs a few NumPy calls per block instead of a Python loop per byte.
"""

import numpy as np
import torch

from ..framework import context
from ..framework.errors import invalid_argument
from ..framework.tensor import convert, wrap
from ..framework.tensor_shape import shape_text
from ..registry import export
from .arguments import attr_int, deprecated_argument_lookup
from .string_ops import string_input

_U64 = np.uint64
_MUL = _U64(0xC6A4A7935BD1E995)  # Hash64's and FingerprintCat64's multiplier
_SHIFT = _U64(47)


class _Blocks:
    """The bytes of ``strings`` laid out for block-wise hashing: ``words(j)`` is the j-th 8-byte
    little-endian word of every string with more than j whole words (a prefix of the strings
    in ``order``, longest first), ``tails()`` each string's last len % 8 bytes as one word."""

    def __init__(self, strings):
        lengths = np.fromiter(map(len, strings), dtype=np.int64, count=len(strings))
        self.order = np.argsort(-lengths, kind="stable")
        self.lengths = lengths[self.order]
        ordered = [strings[i] for i in self.order.tolist()]
        self.offsets = np.zeros(len(ordered), dtype=np.int64)
        np.cumsum(self.lengths[:-1], out=self.offsets[1:])
        self.buffer = np.frombuffer(b"".join(ordered) + bytes(8), dtype=np.uint8)
        self.whole = self.lengths // 8
        # active[j]: how many strings have more than j whole words (whole is non-increasing)
        self.active = np.searchsorted(-self.whole, -np.arange(int(self.whole[0]) if len(ordered) else 0),
                                      side="left")

    def _gather(self, starts):
        picked = self.buffer[starts[:, None] + np.arange(8)]
        return np.ascontiguousarray(picked).view("<u8").reshape(-1)

    def block_count(self):
        return len(self.active)

    def words(self, j):
        count = int(self.active[j])
        return count, self._gather(self.offsets[:count] + 8 * j)

    def tails(self):
        rest = self.lengths % 8
        picked = self.buffer[(self.offsets + 8 * self.whole)[:, None] + np.arange(8)]
        picked = np.where(np.arange(8) < rest[:, None], picked, 0).astype(np.uint8)
        return rest, np.ascontiguousarray(picked).view("<u8").reshape(-1)

    def restore(self, hashes):
        """``hashes`` (in ``order``) back in the strings' own order."""
        result = np.empty_like(hashes)
        result[self.order] = hashes
        return result


def hash64(strings, seed=0xDECAFCAFFE):
    """TF's legacy Hash64 (a MurmurHash64A variant) of each bytes string: a uint64 array."""
    blocks = _Blocks(strings)
    h = _U64(seed) ^ (blocks.lengths.astype(_U64) * _MUL)
    for j in range(blocks.block_count()):
        count, k = blocks.words(j)
        k = k * _MUL
        k ^= k >> _SHIFT
        k *= _MUL
        h[:count] = (h[:count] ^ k) * _MUL
    rest, tail = blocks.tails()
    has_tail = rest > 0
    h[has_tail] = (h[has_tail] ^ tail[has_tail]) * _MUL
    h ^= h >> _SHIFT
    h *= _MUL
    h ^= h >> _SHIFT
    return blocks.restore(h)


def _rotl(x, bits):
    return (x << _U64(bits)) | (x >> _U64(64 - bits))


def _sip_round(v0, v1, v2, v3):
    v0 += v1
    v1 = _rotl(v1, 13) ^ v0
    v0 = _rotl(v0, 32)
    v2 += v3
    v3 = _rotl(v3, 16) ^ v2
    v0 += v3
    v3 = _rotl(v3, 21) ^ v0
    v2 += v1
    v1 = _rotl(v1, 17) ^ v2
    v2 = _rotl(v2, 32)
    return v0, v1, v2, v3


def _sip_block(state, m, rows):
    v0, v1, v2, v3 = (v[rows] for v in state)
    v3 = v3 ^ m
    v0, v1, v2, v3 = _sip_round(*_sip_round(v0, v1, v2, v3))
    v0 = v0 ^ m
    for v, new in zip(state, (v0, v1, v2, v3)):
        v[rows] = new


def siphash24(strings, key0, key1):
    """SipHash-2-4 of each bytes string with the 128-bit key (key0, key1): a uint64 array."""
    blocks = _Blocks(strings)
    count = len(strings)
    k0, k1 = _U64(key0), _U64(key1)
    state = [np.full(count, k0 ^ _U64(0x736F6D6570736575), _U64), np.full(count, k1 ^ _U64(0x646F72616E646F6D), _U64),
             np.full(count, k0 ^ _U64(0x6C7967656E657261), _U64), np.full(count, k1 ^ _U64(0x7465646279746573), _U64)]
    for j in range(blocks.block_count()):
        active, m = blocks.words(j)
        _sip_block(state, m, slice(0, active))
    _, tail = blocks.tails()
    _sip_block(state, tail | ((blocks.lengths.astype(_U64) & _U64(0xFF)) << _U64(56)), slice(None))
    v0, v1, v2, v3 = state
    v2 ^= _U64(0xFF)
    for _ in range(4):
        v0, v1, v2, v3 = _sip_round(v0, v1, v2, v3)
    return blocks.restore(v0 ^ v1 ^ v2 ^ v3)


def fingerprint64(strings):
    """FarmHash Fingerprint64 (TF's Fingerprint64) of each bytes string: a uint64 array."""
    import farmhash  # a C extension: imported on first use, not with tfcompat
    return np.fromiter((farmhash.fingerprint64(text) for text in strings), dtype=_U64, count=len(strings))


def _shift_mix(value):
    return value ^ (value >> _SHIFT)


def fingerprint_cat64(first, second):
    """TF's FingerprintCat64: the fingerprint of two uint64 fingerprints (arrays) in order."""
    result = first ^ _MUL
    result ^= _shift_mix(second * _MUL) * _MUL
    result *= _MUL
    return _shift_mix(_shift_mix(result) * _MUL)


def _int64_result(hashes, shape):
    array = hashes.astype(np.int64).reshape(shape)
    return wrap(torch.from_numpy(array).to(context.current_device()))


@export("string_to_hash_bucket", "strings.to_hash_bucket")
def string_to_hash_bucket(string_tensor=None, num_buckets=None, name=None, input=None):  # noqa: A002
    """Each string's bucket: TF's legacy Hash64 modulo ``num_buckets``, as int64."""
    string_tensor = deprecated_argument_lookup("input", input, "string_tensor", string_tensor)
    buckets = attr_int(num_buckets, "num_buckets", "StringToHashBucket", minimum=1)
    strings = string_input(string_tensor, "StringToHashBucket")
    return _int64_result(hash64(strings.reshape(-1).tolist()) % _U64(buckets), strings.shape)


def _key_halves(key, op):
    if not isinstance(key, (list, tuple)):
        raise TypeError(f"Expected list for 'key' argument to 'string_to_hash_bucket_strong' Op, not {key!r}.")
    halves = [attr_int(half, "key", op) for half in key]
    if len(halves) != 2:
        raise invalid_argument("Key must have 2 elements", op)
    return [half % 2 ** 64 for half in halves]  # TF's int attrs are int64, read as uint64


@export("string_to_hash_bucket_strong", "strings.to_hash_bucket_strong")
def string_to_hash_bucket_strong(input, num_buckets, key, name=None):  # noqa: A002
    """Each string's bucket: SipHash-2-4 keyed with the two 64-bit halves ``key`` modulo
    ``num_buckets``, as int64."""
    op = "StringToHashBucketStrong"
    buckets = attr_int(num_buckets, "num_buckets", op, minimum=1)
    key0, key1 = _key_halves(key, op)
    strings = string_input(input, op)
    return _int64_result(siphash24(strings.reshape(-1).tolist(), key0, key1) % _U64(buckets), strings.shape)


def _fingerprint_rows(rows):
    """The [N, 8] uint8 little-endian Fingerprint64 of each bytes row."""
    return fingerprint64(rows).astype("<u8").view(np.uint8).reshape(len(rows), 8)


@export("fingerprint")
def fingerprint(data, method="farmhash64", name=None):
    """A uint8 [N, 8] fingerprint of each row ``data[i]`` (its bytes; a string row's strings are
    fingerprinted one by one, then the row of their fingerprints), as TF's Fingerprint kernel."""
    op = "Fingerprint"
    if isinstance(method, bytes):
        method = method.decode("utf-8", "replace")
    if method != "farmhash64":
        raise invalid_argument(f"Unsupported fingerprint method: {method}", op)
    backing = convert(data)
    if not backing.shape or len(backing.shape) == 0:
        raise invalid_argument(f"`data` should have at least one dimension: {shape_text(tuple(backing.shape))}", op)
    count = int(backing.shape[0])
    if type(backing) is np.ndarray:
        flat = backing.reshape(-1).tolist()
        if count and len(flat) != count:
            per_string = _fingerprint_rows(flat).reshape(count, -1)
            flat = [row.tobytes() for row in per_string]
        result = _fingerprint_rows(flat) if count else np.zeros((0, 8), np.uint8)
    else:
        host = backing.detach().resolve_conj().contiguous()
        host = host.view(torch.int16) if host.dtype == torch.bfloat16 else host
        raw = host.cpu().numpy().reshape(-1).view(np.uint8)
        rows = [raw[i * len(raw) // count:(i + 1) * len(raw) // count].tobytes() for i in range(count)]
        result = _fingerprint_rows(rows) if count else np.zeros((0, 8), np.uint8)
    return wrap(torch.from_numpy(np.ascontiguousarray(result)).to(context.current_device()))
