import java.util.regex.*;
import java.util.*;
public class DD {
  static final Pattern STANDARD_PATTERN = Pattern.compile("\\G(\\d+)(y|Y|mo|MO|mO|Mo|w|W|d|D|h|H|s|S|ms|MS|mS|Ms|us|US|uS|Us|µs|µS|ns|NS|nS|Ns|m|M)");
  static final Pattern ISO8601_PATTERN = Pattern.compile("P((\\d+)Y)?((\\d+)M)?((\\d+)D)?(T((\\d+)H)?((\\d+)M)?((\\d+)S)?)?");
  static final Pattern ISO8601_WEEK_PATTERN = Pattern.compile("P(\\d+)W");
  static final Pattern ISO8601_ALTERNATIVE_PATTERN = Pattern.compile("P(\\d{4})-(\\d{2})-(\\d{2})T(\\d{2}):(\\d{2}):(\\d{2})");
  static String[] UNITS = {"", "years","months","weeks","days","hours","minutes","seconds","milliseconds","microseconds","nanoseconds"};
  static class B { boolean neg; long months, days, nanos; int cur;
    void order(int u) { if (u == cur) throw new RuntimeException("Invalid duration. The " + UNITS[u] + " are specified multiple times"); if (u <= cur) throw new RuntimeException("Invalid duration. The " + UNITS[cur] + " should be after " + UNITS[u]); cur = u; }
    void v(long units, long limit, String n) { if (!(units <= limit)) throw new RuntimeException("Invalid duration. The total number of " + n + " must be less or equal to " + Integer.MAX_VALUE); }
    void add(int u, long n) { order(u);
      switch (u) { case 1: v(n, (Integer.MAX_VALUE - months) / 12, "months"); months += n * 12; break; case 2: v(n, (Integer.MAX_VALUE - months), "months"); months += n; break;
        case 3: v(n, (Integer.MAX_VALUE - days) / 7, "days"); days += n * 7; break; case 4: v(n, (Integer.MAX_VALUE - days), "days"); days += n; break;
        default: long[] per = {0,0,0,0,0,3600000000000L,60000000000L,1000000000L,1000000L,1000L,1L}; v(n, (Long.MAX_VALUE - nanos) / per[u], "nanoseconds"); nanos += n * per[u]; } }
  }
  static long g(Matcher m, int i) { return Long.parseLong(m.group(i)); }
  static String from(String input) {
    boolean neg = input.startsWith("-"); String src = neg ? input.substring(1) : input; B b = new B(); b.neg = neg;
    String bad = "Unable to convert '" + src + "' to a duration";
    try {
      if (src.startsWith("P")) {
        if (src.endsWith("W")) { Matcher m = ISO8601_WEEK_PATTERN.matcher(src); if (!m.matches()) return bad; b.add(3, g(m,1)); }
        else if (src.contains("-")) { Matcher m = ISO8601_ALTERNATIVE_PATTERN.matcher(src); if (!m.matches()) return bad; b.add(1,g(m,1)); b.add(2,g(m,2)); b.add(4,g(m,3)); b.add(5,g(m,4)); b.add(6,g(m,5)); b.add(7,g(m,6)); }
        else { Matcher m = ISO8601_PATTERN.matcher(src); if (!m.matches()) return bad;
          if (m.group(1) != null) b.add(1, g(m,2)); if (m.group(3) != null) b.add(2, g(m,4)); if (m.group(5) != null) b.add(4, g(m,6));
          if (m.group(7) != null) { if (m.group(8) != null) b.add(5, g(m,9)); if (m.group(10) != null) b.add(6, g(m,11)); if (m.group(12) != null) b.add(7, g(m,13)); } }
      } else {
        Matcher m = STANDARD_PATTERN.matcher(src); if (!m.find()) return bad; boolean done = false;
        do { long n = g(m,1); String sym = m.group(2).toLowerCase(); int u = 0;
          switch (sym) { case "y": u=1; break; case "mo": u=2; break; case "w": u=3; break; case "d": u=4; break; case "h": u=5; break; case "m": u=6; break; case "s": u=7; break; case "ms": u=8; break; case "us": case "µs": u=9; break; case "ns": u=10; break; }
          b.add(u, n); done = m.end() == src.length(); } while (m.find());
        if (!done) return bad;
      }
    } catch (NumberFormatException e) { return "NFE"; } catch (RuntimeException e) { return e.getMessage(); }
    return neg ? (-b.months) + "," + (-b.days) + "," + (-b.nanos) : b.months + "," + b.days + "," + b.nanos;
  }
  public static void main(String[] a) throws Exception {
    for (String s : java.nio.file.Files.readAllLines(java.nio.file.Paths.get("durs.txt"))) System.out.println(s + "\t" + from(s));
  }
}
