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

  /**
   * A booking line's quantity is units × days (Shopify prices per unit of quantity: two kayaks
   * for three days at a day's price is 6). Shoppers read it as the widget's visible properties
   * say it, "2 × 3 days", and count it as its units (the hidden `_units`), never as 6.
   */
  function bookingOf(item) {
    var p = item.properties || {};
    return p._reservation_id && p._units ? { units: Number(p._units), text: `${p.Units} × ${p.Length}` } : null;
  }

  function renderCart(cart) {
    var count = $('[data-cart-count-number]');
    var items = cart.items.reduce((n, item) => n + (bookingOf(item) ? bookingOf(item).units : item.quantity), 0);
    count.textContent = String(items);
    $('[data-cart-count]').classList.toggle('is-empty', items === 0);
    $('[data-cart-total]').textContent = formatMoney(cart.total_price);
    $('[data-cart-empty]').hidden = cart.items.length > 0;
    var list = $('[data-cart-items]');
    // A refresh must not drop the shopper's focus (Tab round the open drawer, say): it goes back
    // to the same line's button, or to the drawer's close button when that line is gone.
    var removes = () => Array.from(list.querySelectorAll('.cart-item__remove'));
    var focusedLine = list.contains(document.activeElement) ? removes().indexOf(document.activeElement) : -2;
    list.replaceChildren();
    cart.items.forEach((item, index) => {
      var li = el('li', 'cart-item');
      li.append(el('p', 'cart-item__name', item.product_title));
      if (item.variant_title) li.append(el('p', 'cart-item__variant', item.variant_title));
      // Properties whose name starts with "_" are hidden from shoppers, as in Shopify themes;
      // a booking's Units and Length are its quantity line below.
      var booking = bookingOf(item);
      var visible = Object.keys(item.properties || {}).filter(
        (k) => k.charAt(0) !== '_' && !(booking && (k === 'Units' || k === 'Length')),
      );
      if (visible.length) {
        var dl = el('dl', 'cart-item__properties');
        visible.forEach((k) => {
          dl.append(el('dt', '', `${k}:`), el('dd', '', item.properties[k]));
        });
        li.append(dl);
      }
      var row = el('div', 'cart-item__row');
      row.append(
        el('span', 'cart-item__quantity', booking ? booking.text : `Qty ${item.quantity}`),
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
    if (focusedLine !== -2) (removes()[focusedLine] || $('.drawer__close', drawer)).focus();
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
   * The widget announces a hold once its line is in the cart: the count and the drawer's
   * contents follow, and a small notice says what was added. The drawer does not open over
   * the widget's held state (on a phone it would cover the whole screen and the countdown);
   * it opens from the cart button, or from the widget's Check out (/cart).
   */
  function noteHeldInCart(reservation) {
    refreshCart().then((cart) => {
      // Every line of the hold: ticket types (Adult, Child) are a line each of one reservation.
      var said = (cart?.items || [])
        .filter((l) => l.properties?._reservation_id === String(reservation.id) && bookingOf(l))
        // A product with only its default variant has no variant title (Shopify's null): its title then.
        .map((l) => `${l.variant_title ?? l.product_title}, ${bookingOf(l).text}`);
      if (said.length) notice(`Added to your cart: ${said.join('; ')}.`);
    });
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

  /* ---------- The cart notice follows the widget's events ---------- */

  // The widget shows every state itself (its hold, a 409 and what to do, expiry and Hold
  // again): the theme adds only what the widget cannot know, the cart, and never a second
  // button or a second copy of the widget's message.
  var hint = $('[data-add-hint]');
  var ready = hint.textContent;
  function notice(text) {
    hint.textContent = text;
  }

  // "Keep holding" renews the same hold, which adds nothing to the cart: no new notice for it.
  var shownHold = '';
  form.addEventListener('booking-widget:reserved', (e) => {
    var key = (e.detail.items || []).map((i) => [i.external_id, i.start, i.finish, i.quantity].join()).join(';');
    if (key === shownHold) return void refreshCart();
    shownHold = key;
    noteHeldInCart(e.detail);
  });
  form.addEventListener('booking-widget:expired', () => {
    shownHold = '';
    notice(ready);
    refreshCart();
  });
  form.addEventListener('booking-widget:released', () => {
    shownHold = '';
    notice(ready);
    refreshCart();
  });
  form.addEventListener('booking-widget:error', (e) => {
    // The widget already shows the shopper `message`; `detail` is for developers.
    if (e.detail?.detail && window.console) console.info('booking-widget:', e.detail.detail);
  });
  idInput.addEventListener('change', () => {
    // Another variant: its dates are not held yet.
    shownHold = '';
    notice(ready);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
  });

  // After a reload the cart may hold dates: the notice says so, as the widget shows the hold.
  refreshCart().then((cart) => {
    var booked = cart?.items.filter(bookingOf) ?? [];
    if (booked.length)
      notice(`In your cart: ${booked.map((l) => `${l.variant_title}, ${bookingOf(l).text}`).join('; ')}.`);
  });
  // The widget's "Check out" leads to /cart, which the demo answers with this page and its cart open.
  if (new URLSearchParams(window.location.search).get('cart') === 'open') openDrawer();
})();
