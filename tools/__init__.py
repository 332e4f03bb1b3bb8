"""The project's tools: build, benchmarks, golden files, training and checks (tools/README.md).

Run each as a module from the repository root: ``python -m tools.build.serve``. Tools may
import ``game`` and the tests' helper modules (``tests.records``, ``tests.soak``); the tests
never import tools.
"""
