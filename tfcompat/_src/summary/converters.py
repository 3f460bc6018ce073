"""Tensors to ``Summary.Value`` protos, as TF 1.15's summary kernels build them.

One home for the kernels' rules, shared by ``tf.summary.*`` (which return a serialized
``Summary``) and ``tf.contrib.summary.*`` (which write it to the default writer): the dtypes each
accepts, the histogram's default bucket layout (tensorflow/core/lib/histogram), the image
normalization to uint8 (nonfinite pixels painted ``bad_color``), 16-bit WAV audio, tensor protos.
"""

import functools
import io
import sys
import wave

import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.errors import attr_error, invalid_argument
from ._tensorboard import tensorboard

# The kernels' realnumbertypes, in the order their error messages list them.
REAL_NUMBER_TYPES = ("float32", "float64", "int32", "uint8", "int16", "int8", "int64", "bfloat16", "uint16",
                     "float16", "uint32", "uint64")
_REAL_NUMBER_TEXT = ("float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64")
_IMAGE_TYPES = frozenset({"uint8", "float32", "float16", "float64"})
_DBL_MAX = sys.float_info.max


def real_numbers(value, op_name, attr="T"):
    """``value`` as a NumPy array, checked against the kernels' realnumbertypes (TF's attr error otherwise)."""
    tensor = convert_to_tensor(value)
    if tensor.dtype.name not in REAL_NUMBER_TYPES:
        raise attr_error(op_name, attr, tensor.dtype, _REAL_NUMBER_TEXT)
    return tensor.numpy() if tensor.dtype.name != "bfloat16" else tensor.numpy().astype(np.float32)


def shape_text(shape):
    return "[" + ",".join(str(size) for size in shape) + "]"


# --- scalars ------------------------------------------------------------------------------

def scalar_value(tag, array, op_name):
    """A ``simple_value``: the first element as a float (TF's writer reads element 0 of any shape)."""
    if array.size == 0:
        raise invalid_argument(f"Summary scalar '{tag}' has no elements", op_name)
    return tensorboard().summary_pb2.Summary.Value(tag=tag, simple_value=float(array.flat[0]))


# --- histograms ---------------------------------------------------------------------------

@functools.cache
def default_bucket_limits():
    """TF's default histogram bucket limits: +-1e-12 growing by 10% up to 1e20, then +-DBL_MAX, and 0."""
    positive = []
    limit = 1.0e-12
    while limit < 1.0e20:
        positive.append(limit)
        limit *= 1.1
    positive.append(_DBL_MAX)
    negative = [-limit for limit in reversed(positive)]
    return np.array(negative + [0.0] + positive)


def histogram_proto(values, nonfinite_message):
    """A HistogramProto of ``values`` (any real dtype) with TF's buckets, runs of empty buckets merged.

    ``nonfinite_message(kind)`` gives the error for a NaN ("Nan") or infinite ("Infinity") value.
    """
    values = np.asarray(values, dtype=np.float64).ravel()
    if np.isnan(values).any():
        raise invalid_argument(nonfinite_message("Nan"))
    if np.isinf(values).any():
        raise invalid_argument(nonfinite_message("Infinity"))
    limits = default_bucket_limits()
    counts = np.bincount(np.searchsorted(limits, values, side="right"), minlength=len(limits))
    histo = tensorboard().summary_pb2.HistogramProto(
        min=float(values.min()) if values.size else _DBL_MAX,
        max=float(values.max()) if values.size else -_DBL_MAX,
        num=float(values.size),
        sum=_sum_in_order(values),
        sum_squares=_sum_in_order(values * values))
    bucket_limits, buckets = _merge_empty_runs(limits, counts)
    histo.bucket_limit.extend(bucket_limits)
    histo.bucket.extend(buckets)
    return histo


def _sum_in_order(values):
    """The sum added left to right, as TF's kernel adds (np.sum's pairwise sum can differ in the last bits)."""
    return float(np.add.accumulate(values)[-1]) if values.size else 0.0


def _merge_empty_runs(limits, counts):
    """TF's Histogram::EncodeToProto without zero buckets: each run of empty buckets becomes its last one."""
    bucket_limits, buckets = [], []
    filled = counts > 0
    index, size = 0, len(limits)
    while index < size:
        if filled[index]:
            end = index
        else:
            end = index
            while end + 1 < size and not filled[end + 1]:
                end += 1
        bucket_limits.append(float(limits[end]))
        buckets.append(float(counts[end]))
        index = end + 1
    return bucket_limits, buckets


# --- images -------------------------------------------------------------------------------

def image_values(tag, value, max_images, bad_color, op_name):
    """The ``Summary.Value``s of up to ``max_images`` images of a [batch, height, width, 1|3|4] tensor."""
    tensor = convert_to_tensor(value)
    if tensor.dtype.name not in _IMAGE_TYPES:
        raise attr_error(op_name, "T", tensor.dtype, "uint8, float, half, double")
    images = tensor.numpy()
    if images.ndim != 4 or images.shape[-1] not in (1, 3, 4):
        raise invalid_argument(f"Tensor must be 4-D with last dim 1, 3, or 4, not {shape_text(images.shape)}",
                               op_name)
    depth = images.shape[-1]
    color = _bad_color(bad_color, depth, op_name)
    summary_pb2 = tensorboard().summary_pb2
    result = []
    for index in range(min(max_images, images.shape[0])):
        pixels = images[index] if images.dtype == np.uint8 else _normalized(images[index], color)
        suffix = "/image" if max_images == 1 else f"/image/{index}"
        image = summary_pb2.Summary.Image(height=pixels.shape[0], width=pixels.shape[1], colorspace=depth,
                                          encoded_image_string=_png(pixels))
        result.append(summary_pb2.Summary.Value(tag=tag + suffix, image=image))
    return result


def _bad_color(bad_color, depth, op_name):
    color = convert_to_tensor(bad_color)
    if color.dtype != dtypes.uint8 or color.shape.ndims != 1:
        raise invalid_argument(f"bad_color must be a uint8 vector, got a {color.dtype.name} tensor of shape "
                               f"{shape_text(color.shape.as_list())}", op_name)
    color = color.numpy()
    if color.size < depth:
        raise invalid_argument(f"bad_color has {color.size} elements, fewer than the image's {depth} channels",
                               op_name)
    return color[:depth]


def _normalized(image, bad_color):
    """A float image mapped to uint8 as TF maps it: [0, max] onto [0, 255], or, with negative values,
    [-m, m] onto [1, 255] around 128 (m the largest magnitude); nonfinite pixels become ``bad_color``."""
    finite = np.isfinite(image).all(axis=-1)
    values = image[finite]
    low = np.float32(values.min()) if values.size else np.float32(np.inf)
    high = np.float32(values.max()) if values.size else np.float32(-np.inf)
    if low < 0:
        largest = max(abs(low), abs(high))
        scale, offset = (np.float32(0.0) if largest < 1e-6 else np.float32(127.0) / largest), 128.0
    else:
        scale, offset = (np.float32(0.0) if high < 1e-6 else np.float32(255.0) / high), 0.0
    kind = image.dtype.type
    with np.errstate(invalid="ignore"):
        mapped = image * kind(scale) + kind(offset)
    result = np.empty(image.shape, np.uint8)
    result[finite] = mapped[finite].astype(np.uint8)  # C++'s cast truncates
    result[~finite] = bad_color
    return result


def _png(pixels):
    from PIL import Image

    mode = {1: "L", 3: "RGB", 4: "RGBA"}[pixels.shape[-1]]
    buffer = io.BytesIO()
    Image.fromarray(pixels[..., 0] if mode == "L" else pixels, mode).save(buffer, format="PNG")
    return buffer.getvalue()


# --- audio --------------------------------------------------------------------------------

def audio_values(tag, value, sample_rate, max_outputs, op_name):
    """The ``Summary.Value``s of up to ``max_outputs`` clips of a float32 [batch, frames(, channels)] tensor,
    as 16-bit PCM WAV."""
    tensor = convert_to_tensor(value)
    if tensor.dtype != dtypes.float32:
        raise attr_error(op_name, "T", tensor.dtype, "float")
    clips = tensor.numpy()
    if clips.ndim not in (2, 3):
        raise invalid_argument(f"Tensor must be 3-D or 2-D, got: {shape_text(clips.shape)}", op_name)
    if clips.ndim == 2:
        clips = clips[..., None]
    rate = float(convert_to_tensor(sample_rate, dtypes.float32).numpy())
    if not rate > 0:
        raise invalid_argument(f"sample_rate must be > 0, got {rate}", op_name)
    summary_pb2 = tensorboard().summary_pb2
    result = []
    for index in range(min(max_outputs, clips.shape[0])):
        frames, channels = clips.shape[1], clips.shape[2]
        audio = summary_pb2.Summary.Audio(sample_rate=rate, num_channels=channels, length_frames=frames,
                                          encoded_audio_string=_wav(clips[index], _header_rate(rate)),
                                          content_type="audio/wav")
        suffix = "/audio" if max_outputs == 1 else f"/audio/{index}"
        result.append(summary_pb2.Summary.Value(tag=tag + suffix, audio=audio))
    return result


def _header_rate(rate):
    """The WAV header's integer rate as TF writes it: rounded half to even, at least 1 (recorded from TF)."""
    return max(1, int(np.rint(np.float32(rate))))


def _wav(clip, sample_rate):
    """16-bit little-endian PCM: each sample times 32768, rounded half away from zero, clipped."""
    scaled = clip.astype(np.float32) * np.float32(32768.0)
    magnitude = np.abs(scaled)
    whole = np.floor(magnitude)
    rounded = np.copysign(whole + (magnitude - whole >= 0.5), scaled)
    samples = np.clip(rounded, -32768, 32767).astype("<i2")
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as writer:
        writer.setnchannels(clip.shape[1])
        writer.setsampwidth(2)
        writer.setframerate(sample_rate)
        writer.writeframes(samples.tobytes())
    return buffer.getvalue()


# --- tensors ------------------------------------------------------------------------------

def tensor_proto(value):
    """A TensorProto of ``value``: strings in ``string_val``, numbers in ``tensor_content``, as TF writes."""
    tensor = convert_to_tensor(value)
    array = tensor.numpy()
    if tensor.dtype == dtypes.string:
        array = np.asarray(array, dtype=object)
    return tensorboard().tensor_util.make_tensor_proto(array)
