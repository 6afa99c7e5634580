// The offline page in the reader's language (the one the app stored: localStorage, then its cookie), Arabic otherwise.
(() => {
  let stored = null;
  try {
    stored = localStorage.getItem('MajlisLang');
  } catch {}
  stored = stored || (document.cookie.match(/(?:^|;\s*)MajlisLang=([^;]*)/) || [])[1] || 'Ar';
  const lang = /^en/i.test(stored) ? 'en' : 'ar';
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  for (const el of document.querySelectorAll('[data-offline]')) el.hidden = el.getAttribute('data-offline') !== lang;
  if (lang === 'en') document.title = 'Majlis | Offline';
  for (const b of document.querySelectorAll('[data-retry]')) b.addEventListener('click', () => location.reload());
})();
