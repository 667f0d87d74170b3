/**
 * A description's lines. Some exports strip the line breaks ("…Probemonat sichern!Bis zum…"): a long description
 * with none is cut where its lines most likely ended, before bullets, arrows and emoji and after sentence ends.
 */
export function linesOf(description: string): string[] {
  const lines = description.split('\n');
  if (lines.length > 2 || description.length < 300) return lines;
  return (
    description
      // Links run into the text around them ("…15% offhttps://www.youngla.comRyse supplements…"). A link stays on
      // the line it is glued to ("code ALEX for 15% off https://www.youngla.com"), and a word glued to a site's name
      // or to a YouTube video's id (always 11 characters) starts the next. A capital in a link's path is left alone
      // (`try.airalo.com/TrekTrendy` is a vanity path) unless a line's usual first word follows it ("…/displatelttGet
      // a 30-day free trial…").
      .replace(/(?<=\S)(?=https?:\/\/)/gu, ' ')
      // A percentage glued to a link starts the next line ("…mmoga.de/KuchenTV10% bei INTOTHEAM"): a link's `%`
      // is always followed by two hex digits.
      .replace(/(https?:\/\/\S*?)((?:100|[1-9]?\d)%)(?![0-9a-f]{2})/giu, '$1\n$2')
      .replace(/(\.(?:com|net|org|co|io|gg|tv|store|shop|app|me))(?=\p{Lu}\p{Ll})/gu, '$1\n')
      .replace(/((?:youtu\.be\/|[?&]v=)[\w-]{11})(?=[^\s&?#])/gu, '$1\n')
      .replace(
        /(?<=https?:\/\/\S*[\p{Ll}0-9])(?=(?:Get|Buy|Check|Use|Follow|Watch|Subscribe|Join|Shop|Visit|Download|Support|Listen|Our|My)\s)/gu,
        '\n',
      )
      .split(/\n|(?<=[.!?])\s*(?=\p{Lu})|\s*(?=[►▶•●➡☞♥♡✔★|]|\p{Extended_Pictographic})/u)
  );
}
