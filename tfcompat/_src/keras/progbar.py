"""tf.keras.utils.Progbar: TF 1.15's progress bar, character for character.

verbose=1 redraws one line (``\\b`` and ``\\r`` when the output is dynamic, which TF 1.15 takes to be
always on POSIX) at most every ``interval`` seconds: ``  32/100 [=========>....................] -
ETA: 1s - loss: 0.5000``, ending with the total time and time per unit; verbose=2 prints only the
final line.  Values not named in ``stateful_metrics`` are averaged over the units seen.
"""

import sys
import time

import numpy as np

from ..registry import export


@export("keras.utils.Progbar")
class Progbar:
    """Displays a progress bar over ``target`` units (None: unknown)."""

    def __init__(self, target, width=30, verbose=1, interval=0.05, stateful_metrics=None, unit_name="step"):
        self.target = target
        self.width = width
        self.verbose = verbose
        self.interval = interval
        self.unit_name = unit_name
        self.stateful_metrics = set(stateful_metrics) if stateful_metrics else set()
        self._dynamic_display = ((hasattr(sys.stdout, "isatty") and sys.stdout.isatty())
                                 or "ipykernel" in sys.modules or "posix" in sys.modules)
        self._total_width = 0
        self._seen_so_far = 0
        self._values = {}
        self._values_order = []
        self._start = time.time()
        self._last_update = 0

    def update(self, current, values=None):
        """Show ``current`` units done, with ``values`` as ``[(name, value for the last step)]``."""
        for name, value in values or []:
            if name not in self._values_order:
                self._values_order.append(name)
            if name in self.stateful_metrics:
                self._values[name] = [value, 1]
            elif name not in self._values:
                self._values[name] = [value * (current - self._seen_so_far), current - self._seen_so_far]
            else:
                self._values[name][0] += value * (current - self._seen_so_far)
                self._values[name][1] += current - self._seen_so_far
        self._seen_so_far = current
        now = time.time()
        if self.verbose == 1:
            if now - self._last_update < self.interval and self.target is not None and current < self.target:
                return
            self._write_bar(current, now)
        elif self.verbose == 2 and self.target is not None and current >= self.target:
            digits = int(np.log10(self.target)) + 1
            info = ("%" + str(digits) + "d/%d") % (current, self.target) + " - %.0fs" % (now - self._start)
            for name in self._values_order:
                average = np.mean(self._values[name][0] / max(1, self._values[name][1]))
                info += " - %s:" % name + (" %.4f" % average if average > 1e-3 else " %.4e" % average)
            sys.stdout.write(info + "\n")
            sys.stdout.flush()
        self._last_update = now

    def _write_bar(self, current, now):
        previous_width = self._total_width
        sys.stdout.write("\b" * previous_width + "\r" if self._dynamic_display else "\n")
        if self.target is not None:
            digits = int(np.log10(self.target)) + 1
            bar = ("%" + str(digits) + "d/%d [") % (current, self.target)
            filled = int(self.width * float(current) / self.target)
            if filled > 0:
                bar += "=" * (filled - 1) + (">" if current < self.target else "=")
            bar += "." * (self.width - filled) + "]"
        else:
            bar = "%7d/Unknown" % current
        self._total_width = len(bar)
        sys.stdout.write(bar)
        info = self._timing(current, now)
        for name in self._values_order:
            info += " - %s:" % name
            value = self._values[name]
            if isinstance(value, list):
                average = np.mean(value[0] / max(1, value[1]))
                info += " %.4f" % average if abs(average) > 1e-3 else " %.4e" % average
            else:
                info += " %s" % value
        self._total_width += len(info)
        if previous_width > self._total_width:
            info += " " * (previous_width - self._total_width)
        if self.target is not None and current >= self.target:
            info += "\n"
        sys.stdout.write(info)
        sys.stdout.flush()

    def _timing(self, current, now):
        """`` - ETA: 3s`` while running, `` - 3s 48us/sample`` at the end."""
        time_per_unit = (now - self._start) / current if current else 0
        if self.target is not None and current < self.target:
            eta = time_per_unit * (self.target - current)
            if eta > 3600:
                eta_format = "%d:%02d:%02d" % (eta // 3600, (eta % 3600) // 60, eta % 60)
            elif eta > 60:
                eta_format = "%d:%02d" % (eta // 60, eta % 60)
            else:
                eta_format = "%ds" % eta
            return " - ETA: %s" % eta_format
        info = " - %.0fs" % (now - self._start)
        if time_per_unit >= 1 or time_per_unit == 0:
            return info + " %.0fs/%s" % (time_per_unit, self.unit_name)
        if time_per_unit >= 1e-3:
            return info + " %.0fms/%s" % (time_per_unit * 1e3, self.unit_name)
        return info + " %.0fus/%s" % (time_per_unit * 1e6, self.unit_name)

    def add(self, n, values=None):
        self.update(self._seen_so_far + n, values)
