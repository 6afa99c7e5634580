// The demo recordings' presentation playback (seed-demo-meetings.ts): a few slides, in the reader's language
// (the MajlisLang cookie), with buttons and the arrow keys. A stand-in for BigBlueButton's presentation player.
const DECKS = {
  marketing: {
    ar: {
      title: 'محاضرة: مقدمة في التسويق الرقمي',
      slides: [
        ['مقدمة في التسويق الرقمي', ['المحاضرة الأولى من السلسلة', 'أسئلة الحضور في آخرها']],
        ['القنوات', ['البحث', 'وسائل التواصل', 'البريد الإلكتروني']],
        ['القياس', ['الزيارات', 'التحويل', 'العائد على الإنفاق']],
        ['شكرًا لكم', ['الأسئلة والنقاش']],
      ],
    },
    en: {
      title: 'Lecture: an introduction to digital marketing',
      slides: [
        ['An introduction to digital marketing', ['The first lecture of the series', 'Questions at the end']],
        ['Channels', ['Search', 'Social media', 'E-mail']],
        ['Measuring', ['Visits', 'Conversion', 'Return on spend']],
        ['Thank you', ['Questions and discussion']],
      ],
    },
  },
  identity: {
    ar: {
      title: 'ورشة تصميم الهوية البصرية',
      slides: [
        ['ورشة تصميم الهوية البصرية', ['ورشة عملية لفريق التصميم', 'مع مصمم ضيف']],
        ['العناصر', ['الشعار', 'الألوان', 'الخطوط']],
        ['الخطوة التالية', ['مسودة أولى خلال أسبوع']],
      ],
    },
    en: {
      title: 'Visual identity workshop',
      slides: [
        ['Visual identity workshop', ['A hands-on session for the design team', 'With a guest designer']],
        ['The elements', ['Logo', 'Colours', 'Type']],
        ['Next step', ['A first draft within a week']],
      ],
    },
  },
};

const UI = {
  ar: {
    dir: 'rtl',
    kind: 'عرض تقديمي · تسجيل تجريبي',
    prev: 'السابقة',
    next: 'التالية',
    of: (i, n) => `الشريحة ${fmt('ar', i)} من ${fmt('ar', n)}`,
    note: 'هذا تشغيل تجريبي محفوظ مع التطبيق. في الاستخدام الفعلي يعرض BigBlueButton تسجيل الاجتماع هنا.',
    site: 'مجلس',
  },
  en: {
    dir: 'ltr',
    kind: 'Presentation · demo recording',
    prev: 'Previous',
    next: 'Next',
    of: (i, n) => `Slide ${fmt('en', i)} of ${fmt('en', n)}`,
    note: 'A demo playback shipped with the app. In real use, BigBlueButton plays the meeting’s recording here.',
    site: 'Majlis',
  },
};

function fmt(lang, n) {
  return new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-GB').format(n);
}

const lang = /(?:^|;\s*)MajlisLang=En\b/.test(document.cookie) ? 'en' : 'ar';
const key = new URLSearchParams(location.search).get('r');
const deck = (DECKS[key] ?? DECKS.marketing)[lang];
const ui = UI[lang];
let index = 0;

function text(tag, value) {
  const el = document.createElement(tag);
  el.textContent = value;
  return el;
}

function show() {
  const [heading, points] = deck.slides[index];
  const slide = document.getElementById('slide');
  const list = document.createElement('ul');
  for (const p of points) list.append(text('li', p));
  slide.replaceChildren(text('h2', heading), list);
  document.getElementById('counter').textContent = ui.of(index + 1, deck.slides.length);
  document.getElementById('prev').disabled = index === 0;
  document.getElementById('next').disabled = index === deck.slides.length - 1;
}

function go(step) {
  index = Math.min(deck.slides.length - 1, Math.max(0, index + step));
  show();
}

function start() {
  document.documentElement.lang = lang;
  document.documentElement.dir = ui.dir;
  document.title = `${deck.title} · ${ui.site}`;
  document.getElementById('title').textContent = deck.title;
  document.getElementById('kind').textContent = ui.kind;
  document.getElementById('prev').textContent = ui.prev;
  document.getElementById('next').textContent = ui.next;
  document.getElementById('note').textContent = ui.note;
  document.getElementById('prev').addEventListener('click', () => go(-1));
  document.getElementById('next').addEventListener('click', () => go(1));
  document.addEventListener('keydown', (e) => {
    // The arrows follow the reading direction: in Arabic, the left arrow goes forward.
    const forward = ui.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = ui.dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === forward) go(1);
    if (e.key === back) go(-1);
  });
  show();
}

start();
