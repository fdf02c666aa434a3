/*
 * Booking widget app block: keeps each <booking-widget data-variant-sync> on the variant the
 * shopper has selected in the theme, without touching the theme's own code or globals.
 *
 * Themes announce a variant change in different ways, so the block listens to all of them and
 * then reads the selected variant from one place:
 *   - the storefront standard event `shopify:product:select` (Horizon 4, assets/variant-picker.js):
 *     a plain Event carrying its payload as properties, `event.promise` resolving to
 *     `{ variant: { id }, detail: { resource } }` and `event.detail` holding only
 *     `{ optionValueId, variantId, connectedProductUrl }`; ids may be GIDs
 *     (`gid://shopify/ProductVariant/123`). Horizon's option radios sit in a form of their own
 *     (`variant-picker__form`), and product-form.js sets the cart form's `id` input only once the
 *     promise resolves, without a `change` event: the event's id is trusted over that input until
 *     the input agrees (a resync in between would take the widget back);
 *   - `variant:change` / `variant:changed` / `variant:update` / `variant:selected` events
 *     (detail.variant.id, detail.resource.id or detail.id), used by many themes;
 *   - `change` on the product form's `[name="id"]` input or select (Dawn's product-info.js sets
 *     the hidden input and dispatches `change` on it), and on controls linked to the form with
 *     `form="…"` from outside it (Dawn's variant radios; their `form` property names it), for
 *     themes that then set the input later without an event;
 *   - `change` on any other control in the product form (themes that update the input later);
 *   - the URL's `?variant=` (themes call history.replaceState; the Navigation API reports it
 *     where available, `popstate` covers back and forward).
 * Plain ES2017, no bundling: `npm run build` only minifies it into the extension (build-extension.mjs).
 */
(() => {
  if (window.__bookingWidgetBlock) return; // the block may be on the page twice
  window.__bookingWidgetBlock = true;

  // The block's schema names this file (Shopify loads it once, deferred, and theme check holds it
  // to 10,000 B); the widget's own entry sits beside it in the extension's assets and is loaded
  // from there, unless the page already has the widget (a theme or page that includes it itself).
  var self = document.currentScript?.src;
  var present = window.customElements?.get('booking-widget');
  var tagged = document.querySelector('script[src*="booking-widget.js"]');
  if (self && !present && !tagged) {
    var entry = document.createElement('script');
    entry.src = self.replace(/booking-widget-block\.js(?=[?#]|$)/, 'booking-widget.js');
    entry.defer = true;
    document.head.appendChild(entry);
  }

  var WIDGETS = 'booking-widget[data-variant-sync]';
  var FORM = 'form[action*="/cart/add"]';
  var ID = /^\d{1,20}$/;

  /** A variant id from a number, its digits or a GID (`gid://shopify/ProductVariant/123`). */
  function idOf(value) {
    var m = /^(?:gid:\/\/shopify\/ProductVariant\/)?(\d{1,20})$/.exec(String(value == null ? '' : value));
    return m ? m[1] : null;
  }

  /** The product form the widget belongs to: its own, its section's, or the page's first. */
  function formFor(widget) {
    var named = widget.getAttribute('data-product-form');
    var form = (named && document.getElementById(named)) || widget.closest(FORM);
    if (form) return form;
    var section = widget.closest('.shopify-section, [id^="shopify-section-"], section');
    return section?.querySelector(FORM) || document.querySelector(FORM);
  }

  /** The variant selected for this widget's form now, or null when the theme shows none. */
  function selectedVariant(widget) {
    var form = formFor(widget);
    var input = form?.querySelector('[name="id"]');
    if (input && ID.test(input.value)) return input.value;
    var fromUrl = new URLSearchParams(window.location.search).get('variant');
    return fromUrl && ID.test(fromUrl) ? fromUrl : null;
  }

  /**
   * The price of `variant` from the widget's `prices` ("id:price,…", filled from Liquid; the
   * widget shows ticket types with it too), or `data-prices` as blocks rendered it before.
   */
  function priceOf(widget, variant) {
    var pairs = (widget.getAttribute('prices') || widget.getAttribute('data-prices') || '').split(',');
    for (var i = 0; i < pairs.length; i++) {
      var p = pairs[i].split(':');
      if (p[0] === String(variant) && p[1]) return p[1];
    }
    return null;
  }

  // The variant a theme event last named for each widget, while the page's own selection (the
  // form's id input) has not caught up with it: Horizon updates that input after a fetch.
  var told = new WeakMap();

  function apply(widget, raw) {
    var variant = idOf(raw);
    if (variant && ID.test(variant) && widget.getAttribute('variant') !== variant) {
      // The price first: the widget shows the new variant's total as soon as it follows it.
      var price = priceOf(widget, variant);
      if (price !== null) widget.setAttribute('price', price);
      widget.setAttribute('variant', String(variant));
    }
  }

  /** Follows the page's selection, unless a theme event named a variant the page has not shown yet. */
  function follow(widget, explicit) {
    var now = selectedVariant(widget);
    if (explicit) told.delete(widget);
    var pending = told.get(widget);
    if (pending && now !== pending) return; // the form still shows the variant before the event
    told.delete(widget);
    apply(widget, now);
  }

  /**
   * Re-reads the selection for every widget (or those within `scope`). `explicit`: the theme
   * itself said the selection changed (a `change` on the id input, back or forward), which wins
   * over an earlier event's id.
   */
  function syncAll(scope, explicit) {
    var widgets = document.querySelectorAll(WIDGETS);
    for (var i = 0; i < widgets.length; i++) {
      var w = widgets[i];
      if (!scope || scope === document || scope.contains(w) || formFor(w) === scope) follow(w, explicit);
    }
  }

  /** Theme events that carry the variant: trust their id over the form's (it may lag behind). */
  function onVariantEvent(event) {
    var d = event.detail || {};
    var id = d.variant?.id || d.resource?.id || d.id || d.variantId;
    var target = event.target instanceof Element ? event.target : null;
    var scope = target && (target.closest(FORM) || target.closest('.shopify-section, section'));
    var widgets = document.querySelectorAll(WIDGETS);
    for (var i = 0; i < widgets.length; i++) {
      var w = widgets[i];
      if (!scope || scope.contains(w) || formFor(w) === scope || formFor(w) === target) {
        if (id && idOf(id)) {
          told.set(w, idOf(id));
          apply(w, id);
        } else if (!id) follow(w, true);
      }
    }
  }

  ['variant:change', 'variant:changed', 'variant:update', 'variant:selected'].forEach((type) => {
    document.addEventListener(type, onVariantEvent);
  });

  // The storefront standard event (Horizon): the id now, and again once the theme's fetch
  // resolves (the option may name no variant until then). Its payload is on the event itself;
  // `detail.promise` is read too, for themes that nest it there.
  var selects = 0;
  document.addEventListener(
    'shopify:product:select',
    (event) => {
      var d = event.detail || {};
      var target = event.target;
      var mine = ++selects;
      if (d.variantId) onVariantEvent({ detail: { id: d.variantId }, target: target });
      var promise = event.promise || d.promise;
      if (promise && typeof promise.then === 'function') {
        promise.then(
          (result) => {
            var r = result || {};
            var id = r.variant?.id || r.detail?.resource?.id;
            // A later pick's event has the say (Horizon aborts the earlier fetch; another theme may not).
            if (id && mine === selects) onVariantEvent({ detail: { id: id }, target: target });
          },
          () => {},
        );
      }
    },
    true,
  );

  document.addEventListener('change', (event) => {
    var target = event.target instanceof Element ? event.target : null;
    // Its form, even from outside it through form="…" (Dawn's variant radios), else the one around it.
    var form = target && ((target.form?.matches?.(FORM) && target.form) || target.closest(FORM));
    if (!form) {
      // A theme whose pickers sit in no form may only change ?variant= in the URL.
      if (target)
        setTimeout(() => {
          syncAll();
        }, 0);
      return;
    }
    if (target.matches('[name="id"]')) {
      syncAll(form, true);
    } else {
      // A variant radio or select: the theme updates `[name="id"]` now or after fetching.
      setTimeout(() => {
        syncAll(form);
      }, 0);
      setTimeout(() => {
        syncAll(form);
      }, 400);
    }
  });

  window.addEventListener('popstate', () => {
    syncAll(null, true);
  });
  if (window.navigation?.addEventListener) {
    window.navigation.addEventListener('currententrychange', () => {
      syncAll();
    });
  }

  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', () => {
      syncAll();
    });
  else syncAll();
})();
