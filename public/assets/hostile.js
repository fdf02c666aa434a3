/*
 * The strict page's only script besides the widget: it logs the widgets' events and counts
 * Content-Security-Policy violations, so a person (or a browser test) can see that the widget
 * works under the policy and triggers none. DOM text only: the policy requires Trusted Types
 * for HTML sinks, and this script uses none.
 */
(() => {
  var log = document.getElementById('event-log');
  var violations = document.getElementById('csp-violations');
  var count = 0;

  document.addEventListener('securitypolicyviolation', (e) => {
    count += 1;
    violations.textContent = String(count);
    add(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
  });

  function add(text) {
    var li = document.createElement('li');
    li.textContent = `${new Date().toLocaleTimeString()} ${text}`;
    log.prepend(li);
  }

  ['ready', 'select', 'reserved', 'expired', 'error'].forEach((name) => {
    document.addEventListener(`booking-widget:${name}`, (e) => {
      var source = e.target?.id ? e.target.id : 'booking-widget';
      var d = e.detail || {};
      var summary =
        name === 'error'
          ? `${d.error}: ${d.message}`
          : name === 'select'
            ? `${d.start} to ${d.finish} × ${d.quantity}`
            : name === 'ready'
              ? `${d.title} (${d.type})`
              : `reservation ${d.id}, expires ${d.expires_at}`;
      add(`${source} ${name}: ${summary}`);
    });
  });
})();
