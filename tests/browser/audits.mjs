// Lighthouse on a page of the built app: node tests/browser/audits.mjs URL [--throttling-method=provided]
//
// Audits URL with Lighthouse's defaults (the mobile form factor, simulated throttling) in Debian's
// chromium (CHROME_PATH, else /usr/bin/chromium) and prints one JSON object on stdout:
//   {"url", "lighthouse", "throttling", "scores": {category: score 0..1}, "failing": [{id, title,
//    score, category, displayValue}], "runtimeError"}
// "failing" lists each audit of the four categories scored below 1 (informative, not applicable
// and manual audits left out). tests/browser/test_audits.py runs it; it can also be run by hand.
import process from 'node:process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const args = process.argv.slice(2);
const url = args.find((a) => !a.startsWith('--'));
const method = (args.find((a) => a.startsWith('--throttling-method=')) || '').split('=')[1];
if (!url) {
    console.error('usage: node tests/browser/audits.mjs URL [--throttling-method=simulate|provided|devtools]');
    process.exit(2);
}

const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: FLAGS,
    logLevel: 'silent',
});
let result;
try {
    const flags = {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES};
    if (method) flags.throttlingMethod = method;
    result = await lighthouse(url, flags);
} finally {
    await chrome.kill();
}

const lhr = result.lhr;
const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]));
const failing = [];
for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs || []) {
        const audit = lhr.audits[ref.id];
        if (!audit || ['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode)) continue;
        if (audit.score === null || audit.score < 1) {
            failing.push({id: audit.id, title: audit.title, score: audit.score, category,
                          weight: ref.weight, displayValue: audit.displayValue || '',
                          error: audit.errorMessage || ''});
        }
    }
}
process.stdout.write(JSON.stringify({
    url: lhr.finalDisplayedUrl, lighthouse: lhr.lighthouseVersion,
    throttling: lhr.configSettings.throttlingMethod,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null, scores, failing,
    runtimeError: lhr.runtimeError || null,
}, null, 1) + '\n');
