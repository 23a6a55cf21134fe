import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/**
 * The fixed inputs of the fidelity cases: media made with ffmpeg (a picture,
 * a short video, a tone, a one-page PDF, an HLS copy of the video), and a
 * local HTTP server standing in for the internet: Open-Meteo's /v1/forecast
 * and Frankfurter's /latest (the server's feeds module is pointed at it), a
 * static web page and the HLS files (with CORS, as the player fetches them
 * itself). Everything the screens show is fixed, so two renderings of a scene
 * can only differ by how they are drawn.
 */

const ff = (args: string[]) => execFileSync("ffmpeg", ["-v", "error", "-y", ...args], { stdio: "pipe" });

/** A one-page PDF with two coloured boxes and a line of text (the document widget's case). */
function tinyPdf(): Buffer {
  const content =
    "0.13 0.47 0.8 rg 40 300 250 150 re f 0.9 0.3 0.2 rg 320 300 250 150 re f 0 0 0 rg BT /F1 36 Tf 60 200 Td (Fidelity PDF) Tj ET";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 500] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

export interface FixtureFiles {
  image: string;
  image2: string;
  video: string;
  audio: string;
  pdf: string;
}

/** Makes the media files in `dir` (about a second of ffmpeg). */
export function makeMedia(dir: string): FixtureFiles {
  const image = path.join(dir, "fidelity-picture.png");
  const image2 = path.join(dir, "fidelity-picture-2.png");
  const video = path.join(dir, "fidelity-clip.mp4");
  const audio = path.join(dir, "fidelity-tone.wav");
  const pdf = path.join(dir, "fidelity-doc.pdf");
  ff(["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=1", "-frames:v", "1", image]);
  ff(["-f", "lavfi", "-i", "smptebars=size=640x360:rate=1", "-frames:v", "1", image2]);
  // Each second of the clip is one still picture: a frame sought "at 1 s" is the same picture everywhere.
  ff([
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=640x360:rate=25:duration=4",
    "-vf",
    "fps=25",
    "-c:v",
    "libx264",
    "-pix_fmt",
    "yuv420p",
    "-g",
    "25",
    "-movflags",
    "+faststart",
    video,
  ]);
  ff(["-f", "lavfi", "-i", "sine=frequency=440:duration=2", audio]);
  writeFileSync(pdf, tinyPdf());
  // The live stream's stand-in: the same clip cut in HLS segments.
  ff([
    "-i",
    video,
    "-c",
    "copy",
    "-f",
    "hls",
    "-hls_time",
    "1",
    "-hls_playlist_type",
    "vod",
    path.join(dir, "stream.m3u8"),
  ]);
  return { image, image2, video, audio, pdf };
}

/** The web page of the web widget's case: colours and a heading, nothing that moves. */
const WEB_PAGE = `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;background:#fdf6e3;font:32px sans-serif;color:#073642}
h1{margin:0;padding:24px;background:#268bd2;color:#fff}
p{padding:0 24px}</style></head>
<body><h1>Fidelity page</h1><p>A fixed page served on 127.0.0.1.</p></body></html>`;

const WEATHER = {
  latitude: 45.46,
  longitude: 9.19,
  generationtime_ms: 0.05,
  utc_offset_seconds: 0,
  timezone: "UTC",
  timezone_abbreviation: "UTC",
  elevation: 120,
  current_units: { time: "iso8601", temperature_2m: "°C" },
  current: {
    time: "2026-06-15T09:00",
    interval: 900,
    temperature_2m: 21.4,
    relative_humidity_2m: 55,
    weather_code: 2,
    wind_speed_10m: 12,
  },
  daily_units: { time: "iso8601" },
  daily: {
    time: ["2026-06-15", "2026-06-16", "2026-06-17", "2026-06-18"],
    weather_code: [2, 61, 0, 3],
    temperature_2m_max: [24, 19, 26, 22],
    temperature_2m_min: [14, 12, 15, 13],
  },
};
const RATES: Record<string, number> = { USD: 1.0842, GBP: 0.8571, CNY: 7.8213, JPY: 162.87 };

/** The stand-in for the internet, on 127.0.0.1 (close it when done). */
export async function startFixtureServer(dir: string): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    res.setHeader("access-control-allow-origin", "*");
    if (url.pathname === "/v1/forecast") {
      const days = Number(url.searchParams.get("forecast_days")) || 1;
      const daily = Object.fromEntries(
        Object.entries(WEATHER.daily).map(([k, v]) => [k, (v as unknown[]).slice(0, days)]),
      );
      res.setHeader("content-type", "application/json");
      return res.end(JSON.stringify({ ...WEATHER, daily }));
    }
    if (url.pathname === "/latest") {
      const to = (url.searchParams.get("to") ?? "").split(",");
      res.setHeader("content-type", "application/json");
      return res.end(
        JSON.stringify({
          amount: 1,
          base: url.searchParams.get("from"),
          date: "2026-06-12",
          rates: Object.fromEntries(to.filter((s) => s in RATES).map((s) => [s, RATES[s]])),
        }),
      );
    }
    if (url.pathname === "/page.html") {
      res.setHeader("content-type", "text/html; charset=utf-8");
      return res.end(WEB_PAGE);
    }
    const hls = /^\/hls\/(stream\d*\.(m3u8|ts))$/.exec(url.pathname);
    if (hls?.[1]) {
      try {
        const body = readFileSync(path.join(dir, hls[1]));
        res.setHeader("content-type", hls[2] === "m3u8" ? "application/vnd.apple.mpegurl" : "video/mp2t");
        return res.end(body);
      } catch {
        // falls through to 404
      }
    }
    res.statusCode = 404;
    res.end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
