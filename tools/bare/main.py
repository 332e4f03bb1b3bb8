"""Bare page: report that Python is running, nothing else."""

from pyscript import document

document.getElementById("status").textContent = "ready"
document.body.dataset.ready = "true"
print("ready")
