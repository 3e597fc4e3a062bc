import http from "node:http";
const t0 = performance.now();
http.get({ host: "127.0.0.1", port: 8731, path: process.argv[2], headers: { accept: "text/html", "accept-encoding": process.argv[3] ?? "identity", "user-agent": "Mozilla/5.0 Chrome/140" } }, (res) => {
  console.log("headers", (performance.now() - t0).toFixed(0), res.headers["content-encoding"], res.headers["transfer-encoding"]);
  res.on("data", (d) => console.log("chunk", (performance.now() - t0).toFixed(0), d.length));
  res.on("end", () => console.log("end", (performance.now() - t0).toFixed(0)));
});
