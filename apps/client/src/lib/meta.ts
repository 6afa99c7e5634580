import { useEffect } from 'react';

function setMeta(selector: string, attr: 'content', value: string) {
  document.head.querySelector(selector)?.setAttribute(attr, value);
}

/**
 * Title and descriptions in the active language (spec §1 page metadata). The social tags in index.html are the
 * Arabic defaults crawlers read; this keeps them in step for the browser and for tools that run the page.
 */
export function useDocumentMeta(title: string, description: string, siteName: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${siteName}` : siteName;
    setMeta('meta[name="description"]', 'content', description);
    setMeta('meta[property="og:title"]', 'content', document.title);
    setMeta('meta[property="og:description"]', 'content', description);
    setMeta('meta[name="twitter:title"]', 'content', document.title);
    setMeta('meta[name="twitter:description"]', 'content', description);
    setMeta('meta[property="og:locale"]', 'content', document.documentElement.lang === 'en' ? 'en_GB' : 'ar_EG');
  }, [title, description, siteName]);
}
