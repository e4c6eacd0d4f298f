import { CLICK_ID_PARAM, PIXEL_GLOBAL, TRACKING_PATHS } from '@scaler/domain';

/**
 * The pixel script the snippets load (`/px/sdk.js`). Plain ES5 so it runs on any site. It takes over the
 * queue the snippet created, then sends each event with a fresh event id (the server's dedup key: a
 * beacon retried by the browser is counted once), the page, a first-party browser id and the click id of
 * the landing URL (kept for 7 days). `navigator.sendBeacon` with a text/plain body needs no CORS preflight
 * and survives the page unloading; `fetch(..., { keepalive })` is the fallback.
 */
export const PIXEL_SDK = `/*! Scaler pixel */
(function (w, d) {
  'use strict';
  var name = w.ScalerPixelObject || '${PIXEL_GLOBAL}';
  var q = w[name];
  if (q && q.loaded) return;
  var script = d.currentScript || (function () {
    var all = d.getElementsByTagName('script');
    for (var i = all.length - 1; i >= 0; i--) if (/\\/px\\/(special\\/)?sdk\\.js/.test(all[i].src)) return all[i];
    return null;
  })();
  var origin = script && script.src ? script.src.replace(/^(https?:\\/\\/[^/]+).*$/, '$1') : '';
  var endpoint = origin + '${TRACKING_PATHS.collect}';
  var pixels = [];
  function store(key, value, days) {
    try {
      if (value === undefined) {
        var raw = w.localStorage.getItem(key);
        if (!raw) return null;
        var item = JSON.parse(raw);
        if (item.e && item.e < Date.now()) { w.localStorage.removeItem(key); return null; }
        return item.v;
      }
      w.localStorage.setItem(key, JSON.stringify({ v: value, e: days ? Date.now() + days * 864e5 : 0 }));
    } catch (e) {}
    return value;
  }
  function uuid() {
    if (w.crypto && w.crypto.randomUUID) return w.crypto.randomUUID();
    return 'xxxxxxxxxxxx4xxxyxxxxxxxxxxxxxxx'.replace(/[xy]/g, function (c) {
      var r = (Math.random() * 16) | 0;
      return (c === 'x' ? r : (r & 3) | 8).toString(16);
    });
  }
  var uid = store('_scq_uid') || store('_scq_uid', uuid(), 390);
  var match = /[?&]${CLICK_ID_PARAM}=([^&#]+)/.exec(w.location.search);
  var fromUrl = null;
  if (match) {
    try { fromUrl = decodeURIComponent(match[1]); } catch (e) { fromUrl = match[1]; }
  }
  var clickId = fromUrl ? store('_scq_click', fromUrl.slice(0, 200), 7) : store('_scq_click');
  function cut(text) { return text ? String(text).slice(0, 2048) : undefined; }
  function send(pixelId, event, props) {
    props = props || {};
    var body = {
      pixel_id: pixelId,
      event: event,
      event_id: props.event_id || uuid(),
      url: cut(w.location.href),
      ref: cut(d.referrer),
      uid: uid,
      click_id: clickId || undefined,
      value: props.value,
      currency: props.currency,
      test: props.test || undefined
    };
    var text = JSON.stringify(body);
    var sent = false;
    try {
      if (w.navigator && w.navigator.sendBeacon) sent = w.navigator.sendBeacon(endpoint, new Blob([text], { type: 'text/plain' }));
    } catch (e) {}
    if (!sent && w.fetch) {
      w.fetch(endpoint, { method: 'POST', body: text, keepalive: true, mode: 'cors', credentials: 'omit', headers: { 'content-type': 'text/plain' } }).catch(function () {});
    }
  }
  function each(event, props) {
    for (var i = 0; i < pixels.length; i++) send(pixels[i], event, props);
  }
  function handle(args) {
    var cmd = args[0];
    if (cmd === 'load' || cmd === 'init') {
      if (args[1] && pixels.indexOf(String(args[1])) < 0) pixels.push(String(args[1]));
    } else if (cmd === 'page') each('PageView', args[1]);
    else if ((cmd === 'track' || cmd === 'trackCustom') && args[1]) each(String(args[1]), args[2]);
  }
  var queued = (q && q.q) || [];
  var api = function () { handle(arguments); };
  api.loaded = true;
  api.q = [];
  w[name] = api;
  for (var i = 0; i < queued.length; i++) handle(queued[i]);
})(window, document);
`;
