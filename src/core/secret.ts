// Comparing a presented secret with the stored one without a shortcut on the first difference,
// so the time taken does not tell how much of a guess was right.

export function sameSecret(presented: string, stored: string): boolean {
  if (presented.length !== stored.length || stored.length === 0) return false;
  let difference = 0;
  for (let i = 0; i < stored.length; i++)
    difference |= presented.charCodeAt(i) ^ stored.charCodeAt(i);
  return difference === 0;
}
