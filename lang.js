// The page's language, decided before the first paint (this script is not deferred):
// ?lang=CODE in the address, else (index.html) the language kept with the settings, else the
// first of the browser's languages the game speaks, else English. It sets <html lang dir>,
// fetches that one language's catalog (locale/CODE.json, built from locale/CODE.po by
// `python -m tools.i18n build`; nothing for English, which the pages are written in) and puts
// its words in every element marked data-i18n="KEY" (data-i18n-title="KEY" and the like for
// attributes). An element someone has since written into loses its data-i18n and is left
// alone. window.backgammonLanguage.text (once .ready resolves) is the catalog's text, for
// Python's messages (game/web/language/catalog.py); t() is the scripts' lookup.
"use strict";

(function () {
  var CATALOGS = {
    tr: "./locale/tr.json",
    el: "./locale/el.json",
    ar: "./locale/ar.json",
    de: "./locale/de.json",
    es: "./locale/es.json",
    it: "./locale/it.json",
  };
  var RIGHT_TO_LEFT = { ar: true };
  var ATTRIBUTES = ["aria-label", "title", "placeholder", "alt"];
  var root = document.documentElement;

  function supported(tag) {
    var code = String(tag || "").trim().toLowerCase().split(/[-_]/)[0];
    return code === "en" || CATALOGS.hasOwnProperty(code) ? code : null;
  }

  function asked() {
    try {
      return supported(new URLSearchParams(location.search).get("lang"));
    } catch (error) {
      return null;
    }
  }

  function kept() {
    if (/embed\.html$/.test(location.pathname) || /[?&]embed=1(&|$)/.test(location.search)) return null;
    try {
      var save = JSON.parse(localStorage.getItem("backgammon.save"));
      return supported(save && save.settings && save.settings.language);
    } catch (error) {
      return null;
    }
  }

  function browsers() {
    var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < tags.length; i += 1) {
      var code = supported(tags[i]);
      if (code) return code;
    }
    return null;
  }

  var code = asked() || kept() || browsers() || "en";
  root.lang = code;
  root.dir = RIGHT_TO_LEFT[code] ? "rtl" : "ltr";

  var catalog = null;
  function fill(text, values) {
    return String(text).replace(/\{(\w+)\}/g, function (all, name) {
      return values && values.hasOwnProperty(name) ? String(values[name]) : all;
    });
  }
  function t(message, values) {
    var found = catalog && catalog.messages && catalog.messages[message];
    return fill(typeof found === "string" && found ? found : message, values);
  }

  function apply() {
    var words = (catalog && catalog.html) || {};
    document.querySelectorAll("[data-i18n]").forEach(function (node) {
      var found = words[node.getAttribute("data-i18n")];
      if (typeof found === "string") node.innerHTML = found;
    });
    ATTRIBUTES.forEach(function (name) {
      document.querySelectorAll("[data-i18n-" + name + "]").forEach(function (node) {
        var found = words[node.getAttribute("data-i18n-" + name)];
        if (typeof found === "string") node.setAttribute(name, found);
      });
    });
  }

  function whenParsed(run) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
    else run();
  }

  var ready;
  if (code === "en") {
    ready = Promise.resolve(null);
  } else {
    root.classList.add("translating");
    ready = fetch(CATALOGS[code])
      .then(function (response) {
        if (!response.ok) throw new Error("catalog " + response.status);
        return response.text();
      })
      .then(function (text) {
        catalog = JSON.parse(text);
        return new Promise(function (resolve) {
          whenParsed(function () {
            apply();
            resolve(text);
          });
        });
      })
      .catch(function () {
        return null;  // English stays: the page is written in it
      })
      .then(function (text) {
        root.classList.remove("translating");
        root.dataset.translated = text ? code : "en";
        if (!text) {
          root.lang = "en";
          root.dir = "ltr";
          language.code = "en";
        }
        language.text = text;
        return text;
      });
  }

  var language = { code: code, ready: ready, text: null, t: t, catalogs: CATALOGS };
  window.backgammonLanguage = language;
})();
