import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import { throttling } from 'lighthouse/core/config/constants.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium } from './chromium.ts';
import { cpuSlowdownFor } from './cpu-slowdown.ts';
import { lighthouseAtTheRunsPhone } from './lighthouse-at-the-runs-phone.ts';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A file</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body><h1>The Rose and Crown</h1><p>${'A Victorian village pub. '.repeat(30)}</p></body></html>`;

describe('a Lighthouse run scored on its own minute’s phone (decision 047)', () => {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  let chrome: chromeLauncher.LaunchedChrome;
  let url: string;

  beforeAll(async () => {
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    chrome = await chromeLauncher.launch({
      chromePath: ensureChromium(),
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
  });
  afterAll(async () => {
    await chrome?.kill();
    server.close();
  });

  it('is simulated at the slowdown its own benchmark index gives, whatever slowdown it was asked for', async () => {
    const { runner, phone } = await lighthouseAtTheRunsPhone(url, {
      port: chrome.port,
      logLevel: 'error',
      // A slowdown no host would be given: the run must replace it with its own.
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: 0.5 },
      onlyAudits: ['largest-contentful-paint', 'total-blocking-time'],
      disableFullPageScreenshot: true,
    });
    const lhr = runner?.lhr;
    expect(lhr?.runtimeError).toBeUndefined();
    expect(phone.benchmarkIndex).toBe(lhr?.environment.benchmarkIndex);
    expect(phone.cpuSlowdown).toBe(cpuSlowdownFor(phone.benchmarkIndex));
    expect(lhr?.configSettings.throttling.cpuSlowdownMultiplier).toBe(phone.cpuSlowdown);
    expect(lhr?.audits['largest-contentful-paint']?.numericValue).toBeGreaterThan(0);
  }, 60_000);

  it('is simulated at the slowdown of the run it is paired with, when it has one', async () => {
    const { runner, phone } = await lighthouseAtTheRunsPhone(
      url,
      {
        port: chrome.port,
        logLevel: 'error',
        throttling: throttling.mobileSlow4G,
        onlyAudits: ['largest-contentful-paint'],
        disableFullPageScreenshot: true,
      },
      1.5,
    );
    expect(phone.cpuSlowdown).toBe(1.5);
    expect(runner?.lhr.configSettings.throttling.cpuSlowdownMultiplier).toBe(1.5);
  }, 60_000);
});
