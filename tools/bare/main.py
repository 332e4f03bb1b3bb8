"""Bare page: report that Python is running, nothing else."""

from pyscript import document, window

document.getElementById("status").textContent = "ready"
# When it became ready, in ms since navigation start (tools/bench/engines.py reads it).
document.body.dataset.readyMs = str(round(window.performance.now()))
document.body.dataset.ready = "true"
print("ready")
