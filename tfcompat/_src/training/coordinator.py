"""tf.train.Coordinator and tf.train.LooperThread: TF 1.15's training/coordinator.py, which is plain
Python threading and works the same under eager execution.

A Coordinator lets threads ask each other to stop (``request_stop``/``should_stop``), keeps the first
exception reported to it (an ``OutOfRangeError``, by default, is a clean stop and is not kept), and
``join`` waits for the threads, then re-raises that exception or complains about threads still alive
after the grace period.
"""

import contextlib
import sys
import threading
import time

from ..framework.errors import OutOfRangeError
from ..platform import tf_logging as logging
from ..registry import export


@export("train.Coordinator")
class Coordinator:
    """A coordinator for threads: ``request_stop``, ``should_stop``, ``join``."""

    def __init__(self, clean_stop_exception_types=None):
        if clean_stop_exception_types is None:
            clean_stop_exception_types = (OutOfRangeError,)
        self._clean_stop_exception_types = tuple(clean_stop_exception_types)
        self._lock = threading.Lock()
        self._stop_event = threading.Event()
        self._exc_info_to_raise = None  # (type, value, traceback) of the first exception reported
        self._joined = False
        self._registered_threads = set()

    def _filter_exception(self, ex):
        """None for a clean-stop exception, else ``ex``."""
        value = ex[1] if isinstance(ex, tuple) else ex
        return None if isinstance(value, self._clean_stop_exception_types) else ex

    def request_stop(self, ex=None):
        """Ask the threads to stop; ``ex`` (an exception being handled, or an exc_info tuple) is kept for
        ``join`` to re-raise.  After ``join``, a reported exception is raised here instead."""
        with self._lock:
            ex = self._filter_exception(ex)
            if self._joined:
                if isinstance(ex, tuple):
                    raise ex[1].with_traceback(ex[2])
                if ex is not None:
                    raise ex
            if self._stop_event.is_set():
                return
            if ex and self._exc_info_to_raise is None:
                self._exc_info_to_raise = _exc_info(ex)
            self._stop_event.set()

    def clear_stop(self):
        """Forget the stop request and the exception, so the coordinator can be used again."""
        with self._lock:
            self._joined = False
            self._exc_info_to_raise = None
            self._stop_event.clear()

    def should_stop(self):
        return self._stop_event.is_set()

    @contextlib.contextmanager
    def stop_on_exception(self):
        """``with coord.stop_on_exception():`` reports any exception the block raises (and swallows it)."""
        try:
            yield
        except BaseException:  # noqa: BLE001 - TF's bare except: every exception stops the threads
            self.request_stop(ex=sys.exc_info())

    def wait_for_stop(self, timeout=None):
        """Wait until a stop is requested (or ``timeout`` seconds); True when it was."""
        return self._stop_event.wait(timeout)

    def register_thread(self, thread):
        with self._lock:
            self._registered_threads.add(thread)

    def join(self, threads=None, stop_grace_period_secs=120, ignore_live_threads=False):
        """Wait for ``threads`` (and the registered ones) to end, or for a stop request and then at most
        ``stop_grace_period_secs`` more; re-raise the reported exception, else raise RuntimeError naming
        the threads still alive (logged instead with ``ignore_live_threads``)."""
        threads = list(self._registered_threads if threads is None else self._registered_threads.union(threads))
        while any(thread.is_alive() for thread in threads) and not self.wait_for_stop(1.0):
            pass
        wait_secs = 0.001  # doubling sleeps within the grace period, as TF's
        while any(thread.is_alive() for thread in threads) and stop_grace_period_secs >= 0.0:
            time.sleep(wait_secs)
            stop_grace_period_secs -= wait_secs
            wait_secs = max(min(2 * wait_secs, stop_grace_period_secs), 0.001)
        stragglers = [thread.name for thread in threads if thread.is_alive()]
        with self._lock:
            self._joined = True
            self._registered_threads = set()
            if self._exc_info_to_raise:
                raise self._exc_info_to_raise[1].with_traceback(self._exc_info_to_raise[2])
            if stragglers:
                message = "Coordinator stopped with threads still running: " + " ".join(stragglers)
                if not ignore_live_threads:
                    raise RuntimeError(message)
                logging.info(message)

    @property
    def joined(self):
        return self._joined

    def raise_requested_exception(self):
        """Raise the exception reported to ``request_stop``, if any."""
        with self._lock:
            if self._exc_info_to_raise:
                raise self._exc_info_to_raise[1].with_traceback(self._exc_info_to_raise[2])


def _exc_info(ex):
    """The (type, value, traceback) to keep for ``ex``: the tuple itself, or the exception being
    handled; a ValueError's when neither holds one, as TF's."""
    if isinstance(ex, tuple):
        logging.info("Error reported to Coordinator: %s", ex[1])
        info = ex
    else:
        logging.info("Error reported to Coordinator: %s, %s", type(ex), ex)
        info = sys.exc_info()
    if len(info) != 3 or not info[0] or not info[1]:
        try:
            raise ValueError(f"ex must be a tuple or sys.exc_info must return the current exception: {info}")
        except ValueError:
            info = sys.exc_info()
    return info


@export("train.LooperThread")
class LooperThread(threading.Thread):
    """A daemon thread that calls ``target`` (or ``run_loop``) every ``timer_interval_secs`` seconds
    (back to back when None) until its coordinator asks to stop."""

    def __init__(self, coord, timer_interval_secs, target=None, args=None, kwargs=None):
        if not isinstance(coord, Coordinator):
            raise ValueError(f"'coord' argument must be a Coordinator: {coord}")
        super().__init__()
        self.daemon = True
        self._coord = coord
        self._timer_interval_secs = timer_interval_secs
        self._target = target
        if target:
            self._args = args or ()
            self._kwargs = kwargs or {}
        elif args or kwargs:
            raise ValueError("'args' and 'kwargs' argument require that you also pass 'target'")
        coord.register_thread(self)

    @staticmethod
    def loop(coord, timer_interval_secs, target, args=None, kwargs=None):
        """Start a LooperThread calling ``target(*args, **kwargs)``; returns it."""
        looper = LooperThread(coord, timer_interval_secs, target=target, args=args, kwargs=kwargs)
        looper.start()
        return looper

    def run(self):
        with self._coord.stop_on_exception():
            self.start_loop()
            if self._timer_interval_secs is None:
                while not self._coord.should_stop():
                    self.run_loop()
            else:
                next_time = time.time()
                while not self._coord.wait_for_stop(next_time - time.time()):
                    next_time += self._timer_interval_secs
                    self.run_loop()
            self.stop_loop()

    def start_loop(self):
        """Called once in the thread before the loop (override)."""

    def stop_loop(self):
        """Called once in the thread after the loop (override)."""

    def run_loop(self):
        """One iteration: calls ``target`` (override when there is none)."""
        if self._target:
            self._target(*self._args, **self._kwargs)
