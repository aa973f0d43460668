// The part of selenium-webdriver's API the WebKitGTK tests use (./webkitgtk.ts). The package ships
// no declarations, and @types/selenium-webdriver would be one more dependency for these few lines.
declare module 'selenium-webdriver' {
  export class By {
    constructor(using: string, value: string);
    static css(selector: string): By;
  }

  interface SearchContext {
    findElement(locator: By): Promise<WebElement>;
    findElements(locator: By): Promise<WebElement[]>;
  }

  export interface ShadowRoot extends SearchContext {}

  export interface WebElement extends SearchContext {
    click(): Promise<void>;
    sendKeys(...keys: string[]): Promise<void>;
    getText(): Promise<string>;
    getAttribute(name: string): Promise<string | null>;
    getShadowRoot(): Promise<ShadowRoot>;
  }

  export interface WebDriver extends SearchContext {
    get(url: string): Promise<void>;
    getCurrentUrl(): Promise<string>;
    wait<T>(condition: () => Promise<T>, timeoutMs: number, message?: string, pollMs?: number): Promise<T>;
    executeScript<T>(script: string | ((...args: never[]) => T), ...args: unknown[]): Promise<T>;
    manage(): { setTimeouts(timeouts: { implicit?: number; pageLoad?: number; script?: number }): Promise<void> };
    quit(): Promise<void>;
  }

  export class Builder {
    usingServer(url: string): this;
    withCapabilities(capabilities: Record<string, unknown>): this;
    build(): WebDriver & PromiseLike<WebDriver>;
  }
}
