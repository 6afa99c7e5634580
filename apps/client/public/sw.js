// Majlis service worker (issue 31). Caches the app shell (the offline page, icons, manifests) and the build's hashed
// files (/assets/, immutable), never an /api answer nor any other personal data; a page that cannot load offline
// shows the offline page in the reader's language; Web Push notifications are shown and opened here.
const SHELL = 'majlis-shell-v1';
const ASSETS = 'majlis-assets-v1';
const SHELL_FILES = [
  '/offline.html',
  '/offline.js',
  '/favicon.svg',
  '/manifest.ar.webmanifest',
  '/manifest.en.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== ASSETS).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // personal data and live connections: always the network, never a cache
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/') || url.pathname.startsWith('/admin/'))
    return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/offline.html', { cacheName: SHELL })));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // hashed names: a file never changes under its name
    event.respondWith(
      caches.open(ASSETS).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((res) => {
              if (res.ok) cache.put(request, res.clone());
              return res;
            }),
        ),
      ),
    );
    return;
  }
  if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(request, { cacheName: SHELL })));
  }
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Majlis', body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Majlis', {
      body: data.body || '',
      tag: data.tag,
      lang: data.lang,
      dir: data.dir || 'auto',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: data.url || '/dashbord/meeting' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/dashbord/meeting', self.location.origin);
  if (target.origin !== self.location.origin) return;
  // A Majlis window already open is focused and taken to the page (a window this worker does not control cannot be
  // navigated: then a new one opens); none open, a new one.
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
      const open = list.find((c) => new URL(c.url).origin === target.origin);
      if (!open) return self.clients.openWindow(target.href);
      return open
        .focus()
        .then((focused) => (focused || open).navigate(target.href))
        .then((c) => c || self.clients.openWindow(target.href))
        .catch(() => self.clients.openWindow(target.href));
    }),
  );
});
