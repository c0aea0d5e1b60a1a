// Loads the app on a page painted by the server, once that page is on screen (docs/decisions/171-app-after-the-paint.md).
// The server moved the app's module script and module preloads into this element's data-entry and data-modules:
// a request started before the first paint would count against it on a slow phone, and the page needs no script to be read.
(function (boot) {
  var started = false;
  function load() {
    if (started) return;
    started = true;
    var modules = (boot.dataset.modules || '').split(' ').filter(Boolean);
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = boot.dataset.entry;
    document.head.appendChild(app);
  }
  // a tab opened in the background paints nothing yet: no frame to wait for
  if (document.visibilityState !== 'visible') return load();
  // the second frame's callback runs once the first frame, the painted page, is on screen
  requestAnimationFrame(function () {
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
  });
  // a page shown while its tab stops drawing frames still gets its app
  setTimeout(load, 1000);
})(document.currentScript);
