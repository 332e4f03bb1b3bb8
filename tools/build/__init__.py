"""Building the site: the runtime, the service worker's list, the published folder, icons."""
