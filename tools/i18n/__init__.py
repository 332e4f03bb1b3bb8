"""The page's catalogs: ``python -m tools.i18n`` (see docs/languages.md)."""
