// Keeps the page current without a reload: a long poll of the tournament's revision
// (/t/<token>/surum?since=...), and on a change the page's main part fetched again.
(function () {
  "use strict";
  var body = document.body;
  var main = document.getElementById("icerik");
  var status = document.getElementById("durum");
  var url = body.getAttribute("data-surum-url");
  var revision = body.getAttribute("data-surum");
  var view = null;
  try { view = window.localStorage.getItem("gorunum"); } catch (e) { view = null; }
  if (view) { main.setAttribute("data-gorunum", view); }

  function gone() {
    status.textContent = "Bu bağlantı yenilendi: güncel bağlantıyı grupta /baglanti ile alın.";
  }

  function refresh() {
    var part = location.pathname + (location.pathname.indexOf("?") < 0 ? "?parca=1" : "&parca=1");
    return fetch(part, { cache: "no-store" }).then(function (r) {
      if (r.status === 404) { gone(); return; }
      if (!r.ok) { return; }
      return r.text().then(function (html) {
        main.innerHTML = html;
        status.textContent = "Güncellendi: " + new Date().toLocaleTimeString("tr-TR");
      });
    });
  }

  function poll() {
    fetch(url + "?since=" + encodeURIComponent(revision), { cache: "no-store" })
      .then(function (r) {
        if (r.status === 404) { gone(); throw 404; }
        // 429/503 (a busy server, bot/web/guard.py): come back when Retry-After says.
        if (!r.ok) { throw { wait: (parseInt(r.headers.get("Retry-After"), 10) || 3) * 1000 }; }
        return r.json();
      })
      .then(function (data) {
        if (data.surum !== revision) {
          revision = data.surum;
          body.setAttribute("data-surum", revision);
          return refresh();
        }
      })
      .then(function () { setTimeout(poll, 50); }, function (e) {
        if (e !== 404) { setTimeout(poll, (e && e.wait) || 3000); }
      });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-gorunum]") : null;
    if (!button) { return; }
    view = button.getAttribute("data-gorunum");
    main.setAttribute("data-gorunum", view);
    try { window.localStorage.setItem("gorunum", view); } catch (e) { /* private mode */ }
  });
  // "şimdi oynanıyor" follows the clock: the main part once a minute as well.
  setInterval(refresh, 60000);
  poll();
})();
