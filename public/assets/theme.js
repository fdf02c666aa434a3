/*
 * The demo theme's script: what a Shopify theme such as Dawn does on a product page, and no
 * more. It never talks to the booking widget's internals: it sets window.Shopify (as Shopify's
 * own storefront script does), behaves like Dawn on a variant change (sets the form's
 * [name="id"] input, dispatches `change` on it, and puts ?variant= in the URL), and listens to
 * the widget's public events. The theme app extension's block script turns the variant change
 * into the widget's `variant` attribute, exactly as it would on a real store.
 */
(() => {
  // Shopify's storefront defines this before any theme or app script runs.
  window.Shopify = window.Shopify || {
    shop: 'harbour-kayaks.myshopify.com',
    locale: 'en',
    country: 'AU',
    currency: { active: 'AUD', rate: '1.0' },
    routes: { root: '/' },
  };

  var money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
  var formatMoney = (cents) => `${money.format(cents / 100)} AUD`;
  var $ = (selector, root) => (root || document).querySelector(selector);
  var $$ = (selector, root) => Array.prototype.slice.call((root || document).querySelectorAll(selector));

  /* ---------- Cart: count bubble and drawer, always re-read from /cart.js ---------- */

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function renderCart(cart) {
    var count = $('[data-cart-count-number]');
    count.textContent = String(cart.item_count);
    $('[data-cart-count]').classList.toggle('is-empty', cart.item_count === 0);
    $('[data-cart-total]').textContent = formatMoney(cart.total_price);
    $('[data-cart-empty]').hidden = cart.items.length > 0;
    var list = $('[data-cart-items]');
    list.replaceChildren();
    cart.items.forEach((item, index) => {
      var li = el('li', 'cart-item');
      li.append(el('p', 'cart-item__name', item.product_title));
      if (item.variant_title) li.append(el('p', 'cart-item__variant', item.variant_title));
      // Properties whose name starts with "_" are hidden from shoppers, as in Shopify themes.
      var visible = Object.keys(item.properties || {}).filter((k) => k.charAt(0) !== '_');
      if (visible.length) {
        var dl = el('dl', 'cart-item__properties');
        visible.forEach((k) => {
          dl.append(el('dt', '', `${k}:`), el('dd', '', item.properties[k]));
        });
        li.append(dl);
      }
      var row = el('div', 'cart-item__row');
      row.append(
        el('span', 'cart-item__quantity', `Qty ${item.quantity}`),
        el('span', 'cart-item__price', formatMoney(item.final_line_price)),
      );
      var remove = el('button', 'cart-item__remove link', 'Remove');
      remove.type = 'button';
      remove.setAttribute('aria-label', `Remove ${item.title} (line ${index + 1})`);
      remove.addEventListener('click', () => {
        changeLine(item.key, 0);
      });
      row.append(remove);
      li.append(row);
      list.append(li);
    });
  }

  function fetchCart() {
    return fetch(`${window.Shopify.routes.root}cart.js`, { headers: { accept: 'application/json' } }).then((r) => {
      if (!r.ok) throw new Error(`cart.js ${r.status}`);
      return r.json();
    });
  }

  function refreshCart() {
    return fetchCart()
      .then((cart) => {
        renderCart(cart);
        return cart;
      })
      .catch((e) => {
        console.warn(e);
      });
  }

  function changeLine(key, quantity) {
    fetch(`${window.Shopify.routes.root}cart/change.js`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ id: key, quantity: quantity }),
    })
      .then((r) => r.json())
      .then(renderCart, refreshCart);
  }

  /**
   * The widget announces a hold, then adds it to the cart itself: wait (briefly) until the
   * cart shows a line for that reservation before opening the drawer.
   */
  function showHeldInCart(reservation) {
    var starts = (reservation.items || []).map((i) => i.start);
    var deadline = Date.now() + 5000;
    (function poll() {
      fetchCart()
        .then((cart) => {
          var found = cart.items.some((line) => {
            var p = line.properties || {};
            return p._reservation_id === String(reservation.id) && starts.indexOf(p._start) !== -1;
          });
          renderCart(cart);
          if (found) openDrawer();
          else if (Date.now() < deadline) setTimeout(poll, 250);
        })
        .catch((e) => {
          console.warn(e);
        });
    })();
  }

  /* ---------- Drawer: a modal dialog that returns focus where it came from ---------- */

  var drawer = $('#CartDrawer');
  var opener = null;

  // The element with the focus, inside shadow roots too (the widget's buttons are in one).
  function deepActive() {
    var a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a;
  }

  function focusables() {
    return $$('a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])', drawer).filter(
      (e) => e.offsetParent !== null,
    );
  }

  function openDrawer() {
    if (!drawer.hidden) return;
    opener = deepActive();
    drawer.hidden = false;
    document.body.classList.add('overflow-hidden');
    $('#cart-icon-bubble').setAttribute('aria-expanded', 'true');
    $('.drawer__close', drawer).focus();
  }

  function closeDrawer() {
    if (drawer.hidden) return;
    drawer.hidden = true;
    document.body.classList.remove('overflow-hidden');
    $('#cart-icon-bubble').setAttribute('aria-expanded', 'false');
    // Back where it came from; if that is gone (the widget swapped Reserve for its hold), the cart button.
    if (opener?.isConnected && opener.focus) opener.focus();
    if (deepActive() === document.body || !deepActive()) $('#cart-icon-bubble').focus();
  }

  $('#cart-icon-bubble').addEventListener('click', () => {
    refreshCart();
    openDrawer();
  });
  $$('[data-close-drawer]', drawer).forEach((b) => {
    b.addEventListener('click', closeDrawer);
  });
  document.addEventListener('keydown', (e) => {
    if (drawer.hidden) return;
    if (e.key === 'Escape') return closeDrawer();
    // A modal dialog: Tab and Shift+Tab go round its own controls.
    if (e.key !== 'Tab') return;
    var all = focusables();
    if (!all.length) return;
    var first = all[0],
      last = all[all.length - 1];
    if (e.shiftKey && (document.activeElement === first || !drawer.contains(document.activeElement))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (document.activeElement === last || !drawer.contains(document.activeElement))) {
      e.preventDefault();
      first.focus();
    }
  });

  /* ---------- Gallery ---------- */

  function showMedia(name) {
    $$('[data-media]').forEach((m) => {
      m.hidden = m.getAttribute('data-media') !== name;
    });
    $$('[data-show-media]').forEach((b) => {
      if (b.getAttribute('data-show-media') === name) b.setAttribute('aria-current', 'true');
      else b.removeAttribute('aria-current');
    });
  }
  $$('[data-show-media]').forEach((b) => {
    b.addEventListener('click', () => {
      showMedia(b.getAttribute('data-show-media'));
    });
  });

  /* ---------- Variant picker: Dawn's behaviour ---------- */

  var form = $('#product-form');
  var idInput = $('[name="id"]', form);
  var radios = $$('[data-variant-id]', form);

  function selectVariant(radio, updateUrl) {
    var id = radio.getAttribute('data-variant-id');
    $('[data-price]').textContent = formatMoney(Number(radio.getAttribute('data-price')));
    var media = $(`[data-variant-media="${id}"]`);
    if (media) showMedia(media.getAttribute('data-media'));
    if (idInput.value !== id) {
      idInput.value = id;
      idInput.dispatchEvent(new Event('change', { bubbles: true }));
    }
    if (updateUrl) {
      var url = new URL(window.location.href);
      url.searchParams.set('variant', id);
      window.history.replaceState({}, '', url.pathname + url.search);
    }
  }

  radios.forEach((radio) => {
    radio.addEventListener('change', () => {
      if (radio.checked) selectVariant(radio, true);
    });
  });

  // A shared link with ?variant= opens on that variant, as Shopify renders it server-side.
  var wanted = new URLSearchParams(window.location.search).get('variant');
  radios.forEach((radio) => {
    if (radio.getAttribute('data-variant-id') === wanted) {
      radio.checked = true;
      selectVariant(radio, false);
    }
  });

  /* ---------- The add button follows the widget's events ---------- */

  var addButton = $('[data-add-button]');
  var addLabel = $('[data-add-label]');
  var addHint = $('[data-add-hint]');
  var held = false;

  function setAdd(enabled, label, hint) {
    addButton.disabled = !enabled;
    addLabel.textContent = label;
    addHint.textContent = hint;
  }

  form.addEventListener('booking-widget:select', () => {
    if (!held) setAdd(false, 'Reserve your dates above', 'Your dates are chosen; reserve them to hold the kayak.');
  });
  // The days and units last shown in the drawer: "Keep holding" renews the same hold, which
  // adds nothing to the cart, so the drawer does not open again for it.
  var shownHold = '';
  form.addEventListener('booking-widget:reserved', (e) => {
    held = true;
    setAdd(true, 'View cart', 'Held for you and added to your cart.');
    var key = (e.detail.items || []).map((i) => [i.external_id, i.start, i.finish, i.quantity].join()).join(';');
    if (key === shownHold) return void refreshCart();
    shownHold = key;
    showHeldInCart(e.detail);
  });
  form.addEventListener('booking-widget:expired', () => {
    held = false;
    shownHold = '';
    setAdd(false, 'Hold expired: choose your dates again', 'The dates were released; they may still be free.');
    refreshCart();
  });
  form.addEventListener('booking-widget:error', (e) => {
    // `message` is written for shoppers, in the widget's language; `detail` is for developers.
    if (!held) addHint.textContent = e.detail?.message ? e.detail.message : 'Something went wrong.';
    if (e.detail?.detail && window.console) console.info('booking-widget:', e.detail.detail);
  });
  form.addEventListener('booking-widget:released', () => {
    held = false;
    shownHold = '';
    setAdd(false, 'Choose your dates above', 'Your dates were released and removed from your cart.');
    refreshCart();
  });
  idInput.addEventListener('change', () => {
    // Another variant: its dates are not held yet.
    held = false;
    setAdd(false, 'Choose your dates above', 'Reserving your dates puts the kayak in your cart.');
  });

  // The widget adds booked items to the cart itself; the theme's button only opens the cart.
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (held) {
      refreshCart();
      openDrawer();
    }
  });

  // After a reload the hold may still be live: ask the booking API what this cart holds (a
  // publishable token reads its own cart's reservation), so the button says View cart.
  var widget = $('booking-widget', form);
  refreshCart()
    .then((cart) => {
      if (!cart || !widget) return;
      var query = new URLSearchParams({ cart_token: cart.token, active: 'true' });
      if (widget.getAttribute('token')) query.set('token', widget.getAttribute('token'));
      return fetch(`${widget.getAttribute('api') || ''}/v1/reservations?${query}`, {
        headers: { accept: 'application/json' },
      })
        .then((r) => (r.ok ? r.json() : []))
        .then((list) => {
          if (held || !list.some((r) => r.items.length > 0)) return;
          held = true;
          setAdd(true, 'View cart', 'Held for you and in your cart.');
        });
    })
    .catch((e) => {
      console.warn(e);
    });
  // The widget's "Check out" leads to /cart, which the demo answers with this page and its cart open.
  if (new URLSearchParams(window.location.search).get('cart') === 'open') openDrawer();
})();
