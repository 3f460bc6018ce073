"""tf.errors: TF's exception classes with TF's constructor and attributes."""

from ..registry import export
from .dtypes import DType, kernel_name

OK, CANCELLED, UNKNOWN, INVALID_ARGUMENT, DEADLINE_EXCEEDED, NOT_FOUND = 0, 1, 2, 3, 4, 5
ALREADY_EXISTS, PERMISSION_DENIED, RESOURCE_EXHAUSTED, FAILED_PRECONDITION = 6, 7, 8, 9
ABORTED, OUT_OF_RANGE, UNIMPLEMENTED, INTERNAL, UNAVAILABLE, DATA_LOSS = 10, 11, 12, 13, 14, 15
UNAUTHENTICATED = 16

for _name in ("OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED",
              "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED",
              "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL",
              "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"):
    export(f"errors.{_name}")(globals()[_name])


@export("errors.OpError", "OpError")
class OpError(Exception):
    """The base class of TF's runtime errors: ``OpError(node_def, op, message)``."""

    def __init__(self, node_def, op, message, error_code=UNKNOWN, *args):
        super().__init__(message)
        self._node_def = node_def
        self._op = op
        self._message = message
        self._error_code = error_code

    @property
    def message(self):
        return self._message

    @property
    def op(self):
        return self._op

    @property
    def node_def(self):
        return self._node_def

    @property
    def error_code(self):
        return self._error_code

    def __str__(self):
        return self._message


def _error_class(name, code):
    def __init__(self, node_def, op, message, *args):
        OpError.__init__(self, node_def, op, message, code)

    cls = type(name, (OpError,), {"__init__": __init__, "__module__": __name__})
    export(f"errors.{name}")(cls)
    return cls


CancelledError = _error_class("CancelledError", CANCELLED)
UnknownError = _error_class("UnknownError", UNKNOWN)
InvalidArgumentError = _error_class("InvalidArgumentError", INVALID_ARGUMENT)
DeadlineExceededError = _error_class("DeadlineExceededError", DEADLINE_EXCEEDED)
NotFoundError = _error_class("NotFoundError", NOT_FOUND)
AlreadyExistsError = _error_class("AlreadyExistsError", ALREADY_EXISTS)
PermissionDeniedError = _error_class("PermissionDeniedError", PERMISSION_DENIED)
ResourceExhaustedError = _error_class("ResourceExhaustedError", RESOURCE_EXHAUSTED)
FailedPreconditionError = _error_class("FailedPreconditionError", FAILED_PRECONDITION)
AbortedError = _error_class("AbortedError", ABORTED)
OutOfRangeError = _error_class("OutOfRangeError", OUT_OF_RANGE)
UnimplementedError = _error_class("UnimplementedError", UNIMPLEMENTED)
InternalError = _error_class("InternalError", INTERNAL)
UnavailableError = _error_class("UnavailableError", UNAVAILABLE)
DataLossError = _error_class("DataLossError", DATA_LOSS)
UnauthenticatedError = _error_class("UnauthenticatedError", UNAUTHENTICATED)


def attr_error(op_name, attr, value, allowed="int32, int64"):
    """TF's kernel error for an attr value (a dtype, or the text of another value) outside
    the op's allowed list, e.g. "Value for attr 'T' of int32 is not in the list of allowed
    values: half, float [Op:Sqrt]"; ``allowed`` defaults to the index types."""
    shown = kernel_name(value) if isinstance(value, DType) else value
    return invalid_argument(f"Value for attr '{attr}' of {shown} is not in the list of allowed "
                            f"values: {allowed}", op_name)


def invalid_argument(message, op_name=None):
    """An InvalidArgumentError whose message ends with TF's ``[Op:Name]`` tag."""
    if op_name:
        message = f"{message} [Op:{op_name}]"
    return InvalidArgumentError(None, None, message)


def dtype_mismatch(op_name, index, expected, actual):
    return invalid_argument(
        f"cannot compute {op_name} as input #{index}(zero-based) was expected to be a "
        f"{kernel_name(expected)} tensor but is a {kernel_name(actual)} tensor", op_name)
