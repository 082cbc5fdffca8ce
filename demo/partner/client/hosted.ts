/** The hosted flow: a link the bank would send by SMS or email; the customer opens it in their phone's browser. */
const expiry = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export class HostedLinkView {
  constructor(
    private readonly section: HTMLElement,
    private readonly heading: HTMLElement,
    private readonly anchor: HTMLAnchorElement,
    private readonly expires: HTMLTimeElement,
    private readonly copyButton: HTMLButtonElement,
    private readonly copyStatus: HTMLElement,
  ) {
    this.copyButton.addEventListener('click', () => void this.copy());
  }

  show(link: string, expiresAt: string): void {
    this.anchor.href = link;
    this.anchor.textContent = link;
    this.expires.dateTime = expiresAt;
    const date = new Date(expiresAt);
    this.expires.textContent = Number.isNaN(date.getTime()) ? expiresAt : expiry.format(date);
    this.copyStatus.textContent = '';
    this.section.hidden = false;
    this.heading.focus();
  }

  private async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.anchor.href);
      this.copyStatus.textContent = 'Link copied.';
    } catch {
      this.copyStatus.textContent = 'Copying is not allowed here; select the link and copy it.';
    }
  }
}
