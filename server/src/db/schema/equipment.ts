// IoT equipment, sensors, DCS points, analysis/media servers and the mail server (issue 3 §3).
export {};
