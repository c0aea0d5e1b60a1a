import { siteContent } from '#contracts/site-content';

/** docs/product.md §4: 50 or more members is "Clan full!", otherwise the number of open spots. */
export function capacityText(members: number, capacity: number = siteContent.memberCapacity): string {
  if (members >= capacity) return 'Clan full!';
  const open = capacity - members;
  return `${open} open ${open === 1 ? 'spot' : 'spots'}`;
}
