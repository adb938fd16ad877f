/**
 * The sandbox's stand-in for the service's browser library (docs/sandbox.md "The browser library:
 * `GET /express/library.js`"), defining `window.BnplExpress`. Messages are accepted only from the
 * sandbox's origin and the open popup, and sent only to the sandbox's origin.
 */
export function expressLibrarySource(origin: string, popupBase: string): string {
  return `/* BNPL sandbox: express checkout library (window.BnplExpress). Not the service's own. */
(function () {
  "use strict";
  var SANDBOX_ORIGIN = ${JSON.stringify(origin)};
  var POPUP_BASE = ${JSON.stringify(popupBase)};
  var REJECTIONS = ["SHIPPING_ADDRESS_UNSUPPORTED", "SHIPPING_ADDRESS_UNRECOGNIZED", "SERVICE_UNAVAILABLE"];
  var CALLBACKS = ["onCommenceCheckout", "onShippingAddressChange", "onComplete"];
  var config = null;
  var session = null;

  function fail(message) {
    throw new Error("BnplExpress: " + message);
  }

  function finish(current, data) {
    if (current.done) return;
    current.done = true;
    current.config.onComplete({ data: data });
  }

  function post(current, message) {
    message.source = "bnpl-express-library";
    if (current.popup && !current.popup.closed) current.popup.postMessage(message, SANDBOX_ORIGIN);
  }

  function answerAddress(current, address, sequence) {
    var answered = false;
    function reply(message) {
      if (answered || session !== current || current.done) return;
      answered = true;
      message.sequence = sequence;
      post(current, message);
    }
    var actions = {
      resolve: function (options) {
        if (!Array.isArray(options)) return actions.reject("SERVICE_UNAVAILABLE");
        var copy;
        try {
          copy = JSON.parse(JSON.stringify(options));
        } catch (error) {
          return actions.reject("SERVICE_UNAVAILABLE");
        }
        reply({ type: "shippingOptions", options: copy });
      },
      reject: function (reason) {
        reply({ type: "shippingAddressRejected", reason: REJECTIONS.indexOf(reason) >= 0 ? reason : "SERVICE_UNAVAILABLE" });
      }
    };
    try {
      var result = current.config.onShippingAddressChange(address, actions);
      if (result && typeof result.then === "function") {
        result.then(null, function () { actions.reject("SERVICE_UNAVAILABLE"); });
      }
    } catch (error) {
      actions.reject("SERVICE_UNAVAILABLE");
    }
  }

  window.addEventListener("message", function (event) {
    var current = session;
    if (!current || current.done || event.origin !== SANDBOX_ORIGIN || event.source !== current.popup) return;
    var message = event.data;
    if (!message || typeof message !== "object" || message.source !== "bnpl-express-popup") return;
    if (!current.token || message.token !== current.token) return;
    if (message.type === "shippingAddressChange") {
      answerAddress(current, message.address, message.sequence);
    } else if (message.type === "shippingOptionChange") {
      if (typeof current.config.onShippingOptionChange === "function") current.config.onShippingOptionChange(message.option);
    } else if (message.type === "complete") {
      finish(current, { status: message.status === "SUCCESS" ? "SUCCESS" : "CANCELLED", orderToken: current.token });
    }
  });

  window.BnplExpress = {
    initializeForPopup: function (options) {
      if (!options || typeof options !== "object") fail("initializeForPopup(config) needs a config object");
      for (var i = 0; i < CALLBACKS.length; i++) {
        if (typeof options[CALLBACKS[i]] !== "function") fail("config." + CALLBACKS[i] + " must be a function");
      }
      if (options.onShippingOptionChange !== undefined && typeof options.onShippingOptionChange !== "function") {
        fail("config.onShippingOptionChange must be a function when given");
      }
      if (typeof options.countryCode !== "string" || !/^[A-Z]{2}$/.test(options.countryCode)) {
        fail("config.countryCode must be a two-letter ISO 3166-1 code in capitals");
      }
      config = options;
    },
    open: function () {
      if (!config) fail("call initializeForPopup(config) before open()");
      // The popup speaks the shop page's language (its <html lang>), as far as the sandbox has it.
      var lang = document.documentElement.lang;
      var query = lang ? "?locale=" + encodeURIComponent(lang) : "";
      var popup = window.open(POPUP_BASE + "/loading" + query, "bnpl-express", "popup,width=480,height=760");
      var current = { config: config, popup: popup, token: undefined, done: false };
      session = current;
      if (!popup) {
        finish(current, { status: "CANCELLED", orderToken: undefined, reason: "POPUP_BLOCKED" });
        return;
      }
      var settled = false;
      var actions = {
        resolve: function (token) {
          if (settled || current.done) return;
          if (typeof token !== "string" || !token) return actions.reject("actions.resolve needs the checkout token");
          settled = true;
          current.token = token;
          if (!popup.closed) popup.location.replace(POPUP_BASE + "/" + encodeURIComponent(token) + query);
        },
        reject: function (reason) {
          if (settled || current.done) return;
          settled = true;
          try { popup.close(); } catch (error) { /* already closed */ }
          finish(current, { status: "CANCELLED", orderToken: undefined, reason: reason });
        }
      };
      try {
        current.config.onCommenceCheckout(actions);
      } catch (error) {
        actions.reject(error && error.message ? error.message : String(error));
      }
    }
  };
})();
`
}
