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
  // a visitor who reaches for the page before its paint is reported gets the app at once
  ['pointerdown', 'keydown'].forEach(function (type) {
    addEventListener(type, load, { capture: true, once: true, passive: true });
  });
  // a tab opened in the background paints nothing yet: no frame to wait for
  if (document.visibilityState !== 'visible') return load();
  // after the browser's own first contentful paint (a frame run is not yet a frame shown); without paint timing, after
  // the second frame
  var paintTiming = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0;
  if (paintTiming) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(load, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(load, 0);
      });
    });
  }
  // a page that never reports its paint still gets its app
  setTimeout(load, 3000);
})(document.currentScript);
