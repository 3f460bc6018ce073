"""Ported behaviours of tensorflow/python/training/coordinator_test.py (TF 1.15).

The Coordinator is plain Python threading, so TF's tests run as they are; the thread bodies are
TF's helpers restated.  Waits are kept short (TF's tests sleep up to a few seconds).
"""

import sys
import threading
import time

import pytest

import tfcompat as tf
from tfcompat import errors


def _stop_at(coord, event):
    event.wait()
    coord.request_stop()


def _raise_once_in_thread(coord, ex, report_with_exc_info):
    try:
        raise ex
    except (RuntimeError, ValueError, errors.OutOfRangeError) as error:
        if report_with_exc_info:
            coord.request_stop(sys.exc_info())
        else:
            coord.request_stop(error)


def _sleep_then_check(coord, seconds):
    time.sleep(seconds)
    return coord.should_stop()


def test_CoordinatorTest_testStopAPI():
    coord = tf.train.Coordinator()
    assert not coord.should_stop()
    assert not coord.wait_for_stop(0.01)
    coord.request_stop()
    assert coord.should_stop()
    assert coord.wait_for_stop(0.01)


def test_CoordinatorTest_testStopAsync():
    coord = tf.train.Coordinator()
    event = threading.Event()
    thread = threading.Thread(target=_stop_at, args=(coord, event))
    thread.start()
    assert not coord.should_stop()
    assert not coord.wait_for_stop(0.01)
    event.set()
    assert coord.wait_for_stop(5.0)
    assert coord.should_stop()
    thread.join()


def test_CoordinatorTest_testJoin():
    coord = tf.train.Coordinator()
    threads = [threading.Thread(target=time.sleep, args=(0.01,)) for _ in range(3)]
    for thread in threads:
        thread.start()
    coord.join(threads)
    assert not any(thread.is_alive() for thread in threads)


def test_CoordinatorTest_testJoinAllRegistered():
    coord = tf.train.Coordinator()
    threads = [threading.Thread(target=time.sleep, args=(0.01,)) for _ in range(3)]
    for thread in threads:
        coord.register_thread(thread)
        thread.start()
    coord.join()
    assert coord.joined


def test_CoordinatorTest_testJoinSomeRegistered():
    coord = tf.train.Coordinator()
    threads = [threading.Thread(target=time.sleep, args=(0.01,)) for _ in range(3)]
    coord.register_thread(threads[0])
    for thread in threads:
        thread.start()
    coord.join(threads[1:])
    assert not any(thread.is_alive() for thread in threads)


def test_CoordinatorTest_testJoinGraceExpires():
    coord = tf.train.Coordinator()
    release = threading.Event()
    thread = threading.Thread(target=release.wait, name="straggler")
    thread.start()
    coord.request_stop()
    with pytest.raises(RuntimeError, match="threads still running: straggler"):
        coord.join([thread], stop_grace_period_secs=0.05)
    release.set()
    thread.join()


def test_CoordinatorTest_testJoinWithoutGraceExpires():
    coord = tf.train.Coordinator()
    release = threading.Event()
    thread = threading.Thread(target=release.wait)
    thread.start()
    coord.request_stop()
    coord.join([thread], stop_grace_period_secs=0.05, ignore_live_threads=True)
    assert thread.is_alive()  # join returned after the grace period, the thread still running
    release.set()
    thread.join()


@pytest.mark.parametrize("with_exc_info", [True, False])
def test_CoordinatorTest_testJoinRaiseReportExcInfo(with_exc_info):
    coord = tf.train.Coordinator()
    threads = [threading.Thread(target=_raise_once_in_thread, args=(coord, RuntimeError("First"), with_exc_info)),
               threading.Thread(target=_raise_once_in_thread, args=(coord, RuntimeError("Too late"), with_exc_info))]
    threads[0].start()
    threads[0].join()
    threads[1].start()
    with pytest.raises(RuntimeError, match="First"):
        coord.join(threads)


def test_CoordinatorTest_testJoinIgnoresOutOfRange():
    coord = tf.train.Coordinator()
    thread = threading.Thread(target=_raise_once_in_thread,
                              args=(coord, errors.OutOfRangeError(None, None, "First"), False))
    thread.start()
    coord.join([thread])  # the clean-stop exception is not re-raised
    assert coord.should_stop() and not thread.is_alive()


def test_CoordinatorTest_testJoinIgnoresMyExceptionType():
    coord = tf.train.Coordinator(clean_stop_exception_types=(ValueError,))
    thread = threading.Thread(target=_raise_once_in_thread, args=(coord, ValueError("Clean stop"), False))
    thread.start()
    coord.join([thread])  # the clean-stop exception is not re-raised
    assert coord.should_stop() and not thread.is_alive()


def test_CoordinatorTest_testJoinRaiseReportExceptionUsingHandler():
    coord = tf.train.Coordinator()

    def raise_in_handler():
        with coord.stop_on_exception():
            raise RuntimeError("First")

    thread = threading.Thread(target=raise_in_handler)
    thread.start()
    with pytest.raises(RuntimeError, match="First"):
        coord.join([thread])


def test_CoordinatorTest_testClearStopClearsExceptionToo():
    coord = tf.train.Coordinator()
    thread = threading.Thread(target=_raise_once_in_thread, args=(coord, RuntimeError("First"), True))
    thread.start()
    with pytest.raises(RuntimeError, match="First"):
        coord.join([thread])
    coord.clear_stop()
    thread = threading.Thread(target=_raise_once_in_thread, args=(coord, RuntimeError("Second"), True))
    thread.start()
    with pytest.raises(RuntimeError, match="Second"):
        coord.join([thread])


def test_CoordinatorTest_testRequestStopRaisesIfJoined():
    coord = tf.train.Coordinator()
    coord.request_stop(RuntimeError("First"))
    with pytest.raises(ValueError, match="ex must be a tuple"):  # no exception was being handled
        coord.join([])
    coord.request_stop()  # no exception: fine after join
    with pytest.raises(RuntimeError, match="Second"):
        try:
            raise RuntimeError("Second")
        except RuntimeError as error:
            coord.request_stop(error)


def test_CoordinatorTest_testRequestStopRaisesIfJoined_ExcInfo():
    coord = tf.train.Coordinator()
    try:
        raise RuntimeError("First")
    except RuntimeError:
        coord.request_stop(sys.exc_info())
    with pytest.raises(RuntimeError, match="First"):
        coord.join([])
    try:
        raise ValueError("Second")
    except ValueError:
        info = sys.exc_info()
    with pytest.raises(ValueError, match="Second"):
        coord.request_stop(info)


def test_CoordinatorTest_testRaiseRequestedException():
    coord = tf.train.Coordinator()
    coord.raise_requested_exception()
    try:
        raise RuntimeError("Boom")
    except RuntimeError:
        coord.request_stop(sys.exc_info())
    with pytest.raises(RuntimeError, match="Boom"):
        coord.raise_requested_exception()


class _Counter:
    def __init__(self):
        self.value = 0
        self.lock = threading.Lock()

    def add(self, amount=1, times=1):
        with self.lock:
            self.value += amount * times


def test_LooperTest_testTargetArgs():
    coord = tf.train.Coordinator()
    counter = _Counter()
    looper = tf.train.LooperThread.loop(coord, 0, target=counter.add, args=(2,))
    time.sleep(0.05)
    coord.request_stop()
    coord.join([looper])
    assert counter.value > 0 and counter.value % 2 == 0


def test_LooperTest_testTargetKwargs():
    coord = tf.train.Coordinator()
    counter = _Counter()
    looper = tf.train.LooperThread.loop(coord, 0, target=counter.add, kwargs={"amount": 3})
    time.sleep(0.05)
    coord.request_stop()
    coord.join([looper])
    assert counter.value > 0 and counter.value % 3 == 0


def test_LooperTest_testTargetMixedArgs():
    coord = tf.train.Coordinator()
    counter = _Counter()
    looper = tf.train.LooperThread.loop(coord, 0, target=counter.add, args=(5,), kwargs={"times": 2})
    time.sleep(0.05)
    coord.request_stop()
    coord.join([looper])
    assert counter.value > 0 and counter.value % 10 == 0


def test_LooperTest_testTargetWithoutArgsAndBackToBack():
    coord = tf.train.Coordinator()
    counter = _Counter()
    tf.train.LooperThread.loop(coord, None, target=counter.add)
    time.sleep(0.05)
    coord.request_stop()
    coord.join()  # the looper registered itself
    assert counter.value > 0


def test_LooperTest_testSubclass():
    calls = []

    class Looper(tf.train.LooperThread):
        def start_loop(self):
            calls.append("start")

        def run_loop(self):
            calls.append("run")
            if calls.count("run") == 3:
                self._coord.request_stop()

        def stop_loop(self):
            calls.append("stop")

    coord = tf.train.Coordinator()
    looper = Looper(coord, None)
    looper.start()
    coord.join([looper])
    assert calls == ["start", "run", "run", "run", "stop"]


def test_LooperTest_testException():
    coord = tf.train.Coordinator()

    def raise_it():
        raise RuntimeError("Looper error")

    looper = tf.train.LooperThread.loop(coord, 0.01, target=raise_it)
    with pytest.raises(RuntimeError, match="Looper error"):
        coord.join([looper])


def test_LooperTest_testBadArguments():
    with pytest.raises(ValueError, match="'coord' argument must be a Coordinator"):
        tf.train.LooperThread(None, 1)
    with pytest.raises(ValueError, match="require that you also pass 'target'"):
        tf.train.LooperThread(tf.train.Coordinator(), 1, args=(1,))
