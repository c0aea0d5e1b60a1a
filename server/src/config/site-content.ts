/** The site-content file lives in contracts/ so the web app reads the same texts (docs/architecture.md §3). */
export { siteContent, type SiteContent } from '#contracts/site-content';
