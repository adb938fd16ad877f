/**
 * The express popup's script, reading its settings from `<script id="express-data">`. It talks
 * `postMessage` to the opener's origin only and accepts messages only from that origin and window.
 * Merchant text is only ever set as text, never as HTML.
 */
export const EXPRESS_POPUP_SCRIPT = `(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("express-data").textContent);
  var opener = window.opener;
  var state = { option: null, options: [], preset: null, sequence: 0, busy: false, timer: null };
  var SYMBOLS = { GBP: "\\u00a3", EUR: "\\u20ac" };
  var MESSAGES = data.words;

  function byId(id) { return document.getElementById(id); }
  function money(value) {
    if (!value || typeof value.amount !== "string") return "";
    if (data.locale !== "en-GB") {
      try { return new Intl.NumberFormat(data.locale, { style: "currency", currency: value.currency }).format(value.amount); } catch (error) { /* below */ }
    }
    var symbol = SYMBOLS[value.currency];
    return symbol ? symbol + value.amount : value.amount + " " + value.currency;
  }
  function post(message) {
    message.source = "bnpl-express-popup";
    message.token = data.token;
    if (opener && !opener.closed) opener.postMessage(message, data.openerOrigin);
  }
  function say(text, reason) {
    var element = byId("express-status");
    element.textContent = text;
    if (reason) element.setAttribute("data-reason", reason); else element.removeAttribute("data-reason");
  }
  function refreshButtons() {
    var ready = !!state.option && !state.busy;
    byId("express-confirm").disabled = !ready;
    byId("express-decline").disabled = !ready;
    byId("express-cancel").disabled = state.busy;
  }
  function markSelected(selector, chosen) {
    var all = document.querySelectorAll(selector);
    for (var i = 0; i < all.length; i++) all[i].setAttribute("aria-pressed", all[i] === chosen ? "true" : "false");
  }
  function clearOptions() {
    state.options = [];
    state.option = null;
    byId("express-options").textContent = "";
    byId("express-options-heading").hidden = true;
    byId("express-summary").hidden = true;
    refreshButtons();
  }

  function chooseAddress(preset, button) {
    if (state.busy) return;
    state.preset = preset;
    state.sequence += 1;
    markSelected("[data-address-id]", button);
    clearOptions();
    clearTimeout(state.timer);
    if (!opener) return say(MESSAGES.NO_OPENER, "NO_OPENER");
    var sequence = state.sequence;
    say(MESSAGES.asking, "WAITING");
    state.timer = setTimeout(function () {
      if (sequence === state.sequence && !state.options.length) say(MESSAGES.SERVICE_UNAVAILABLE, "TIMEOUT");
    }, data.answerTimeoutMs);
    post({ type: "shippingAddressChange", address: preset.address, sequence: sequence });
  }

  function isMoney(value) {
    return !!value && typeof value.amount === "string" && /^\\d+\\.\\d{2}$/.test(value.amount) && value.currency === data.currency;
  }
  function usable(option) {
    return !!option && typeof option.id === "string" && option.id !== "" && isMoney(option.shippingAmount) &&
      isMoney(option.orderAmount) && (option.taxAmount === undefined || isMoney(option.taxAmount));
  }
  // Only the documented fields travel on to the sandbox's record.
  function documented(option) {
    var out = { id: option.id, shippingAmount: option.shippingAmount, orderAmount: option.orderAmount };
    if (typeof option.name === "string") out.name = option.name;
    if (typeof option.description === "string") out.description = option.description;
    if (option.taxAmount) out.taxAmount = option.taxAmount;
    return out;
  }
  function text(tag, className, content) {
    var element = document.createElement(tag);
    element.className = className;
    element.textContent = content;
    return element;
  }

  function showOptions(options) {
    clearTimeout(state.timer);
    var valid = Array.isArray(options) ? options.filter(usable).map(documented) : [];
    if (!valid.length) return say(MESSAGES.NO_OPTIONS, "NO_OPTIONS");
    say("");
    state.options = valid;
    var list = byId("express-options");
    list.textContent = "";
    var preselected = -1;
    valid.forEach(function (option, index) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "choice";
      button.id = "express-option-" + index;
      button.setAttribute("data-testid", "express-option-" + index);
      button.setAttribute("data-option-id", option.id);
      button.appendChild(text("strong", "", option.name || option.id));
      button.appendChild(text("span", "price", money(option.shippingAmount)));
      if (option.description) button.appendChild(text("small", "", option.description));
      button.appendChild(text("small", "", MESSAGES.orderTotal.replace("{amount}", money(option.orderAmount))));
      button.addEventListener("click", function () { chooseOption(index, button); });
      list.appendChild(button);
      if (option.id === data.preselected) preselected = index;
    });
    byId("express-options-heading").hidden = false;
    if (preselected >= 0) chooseOption(preselected, byId("express-option-" + preselected));
  }

  function chooseOption(index, button) {
    if (state.busy) return;
    var option = state.options[index];
    state.option = option;
    markSelected("[data-option-id]", button);
    byId("express-shipping").textContent = money(option.shippingAmount);
    byId("express-tax").textContent = option.taxAmount ? money(option.taxAmount) : "";
    byId("express-total").textContent = money(option.orderAmount);
    byId("express-amount").textContent = money(option.orderAmount);
    byId("express-summary").hidden = false;
    refreshButtons();
    post({ type: "shippingOptionChange", option: option });
  }

  function answer(path, body, status) {
    state.busy = true;
    refreshButtons();
    fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
      .then(function (response) {
        return response.json().then(function (json) {
          if (!response.ok) throw new Error((json && json.message) || "HTTP " + response.status);
        });
      })
      .then(function () {
        post({ type: "complete", status: status });
        var result = byId("express-result");
        result.hidden = false;
        result.setAttribute("data-status", status);
        result.textContent = status === "SUCCESS" ? MESSAGES.confirmed : MESSAGES.cancelled;
        setTimeout(function () { window.close(); }, 100);
      }, function (error) {
        state.busy = false;
        refreshButtons();
        say(MESSAGES.notRecorded.replace("{detail}", error.message), "ERROR");
      });
  }

  function confirm(outcome) {
    var preset = state.preset;
    answer(data.confirmPath, { address: preset.address, email: preset.email, option: state.option, outcome: outcome }, "SUCCESS");
  }

  byId("express-confirm").addEventListener("click", function () { confirm("approve"); });
  byId("express-decline").addEventListener("click", function () { confirm("decline"); });
  byId("express-cancel").addEventListener("click", function () { answer(data.cancelPath, {}, "CANCELLED"); });
  data.addresses.forEach(function (preset) {
    var button = document.querySelector('[data-address-id="' + preset.id + '"]');
    if (button) button.addEventListener("click", function () { chooseAddress(preset, button); });
  });

  window.addEventListener("message", function (event) {
    if (!opener || event.origin !== data.openerOrigin || event.source !== opener) return;
    var message = event.data;
    if (!message || typeof message !== "object" || message.source !== "bnpl-express-library") return;
    if (message.sequence !== state.sequence || state.busy) return;
    if (message.type === "shippingOptions") {
      showOptions(message.options);
    } else if (message.type === "shippingAddressRejected") {
      clearTimeout(state.timer);
      say(MESSAGES[message.reason] || MESSAGES.SERVICE_UNAVAILABLE, message.reason);
    }
  });
  if (!opener) say(MESSAGES.NO_OPENER, "NO_OPENER");
})();`
