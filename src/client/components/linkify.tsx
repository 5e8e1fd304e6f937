const URL_PATTERN = /(https?:\/\/[^\s)]+[^\s).,;:])/g;

/** Plain text with its web addresses made into links that open in a new tab. */
export function Linkify({ text }: { text: string }) {
  return text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <a
        key={index}
        href={part}
        target="_blank"
        rel="noopener noreferrer"
        className="break-all text-brand-700 underline"
      >
        {part}
      </a>
    ) : (
      part
    ),
  );
}
