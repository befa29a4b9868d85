import java.nio.file.*;
import java.util.*;
import java.math.*;
import java.net.*;
import java.time.*;
import java.time.format.*;
import java.time.temporal.*;
public class P {
  static List<DateTimeFormatter> fmts = new ArrayList<>();
  static {
    String[] dts = {"y-M-d'T'H:m[:s]", "y-M-d H:m[:s]"};
    String[] offs = {" z", " zzzz", " X", "X", "XXX"};
    for (String dt : dts) {
      fmts.add(new DateTimeFormatterBuilder().appendPattern(dt).appendFraction(ChronoField.MILLI_OF_SECOND, 0, 9, true).toFormatter().withZone(ZoneId.of("UTC")));
      for (String o : offs)
        fmts.add(new DateTimeFormatterBuilder().appendPattern(dt).appendFraction(ChronoField.MILLI_OF_SECOND, 0, 9, true).appendPattern(o).toFormatter());
    }
    for (String o : offs)
      fmts.add(new DateTimeFormatterBuilder().appendPattern("yyyy-MM-dd").appendPattern(o).parseDefaulting(ChronoField.NANO_OF_DAY, 0).toFormatter());
    fmts.add(new DateTimeFormatterBuilder().append(DateTimeFormatter.ISO_DATE).parseDefaulting(ChronoField.NANO_OF_DAY, 0).toFormatter().withZone(ZoneId.of("UTC")));
  }
  static String ts(String s) {
    if (s.matches("^-?\\d+$")) return s;
    for (DateTimeFormatter f : fmts) {
      try { return Long.toString(ZonedDateTime.parse(s, f).toInstant().toEpochMilli()); } catch (DateTimeParseException e) {}
    }
    return "ERR";
  }
  static String date(String s) {
    DateTimeFormatter f = DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC).withResolverStyle(ResolverStyle.STRICT);
    try {
      LocalDate d = f.parse(s, LocalDate::from);
      long millis = d.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
      return Long.toString(Math.floorDiv(millis, 86400000L));
    } catch (Exception e) { return "ERR"; }
  }
  public static void main(String[] a) throws Exception {
    StringBuilder sb = new StringBuilder();
    for (String line : Files.readAllLines(Paths.get("inputs.txt"))) {
      String[] p = line.split("\t", -1);
      String k = p[0], in = p.length > 1 ? p[1] : "";
      String out;
      switch (k) {
        case "ts": out = ts(in); break;
        case "date": out = date(in); break;
        case "dec": try { BigDecimal b = new BigDecimal(in); out = b.unscaledValue() + "/" + b.scale(); } catch (Exception e) { out = "ERR"; } break;
        case "inet":
          if (!in.isEmpty() && (Character.digit(in.charAt(0), 16) != -1 || in.charAt(0) == ':' || in.charAt(0) == '[')) {
            try { out = InetAddress.getByName(in).getHostAddress(); } catch (Exception e) { out = "ERR"; }
          } else out = "ERR";
          break;
        case "double": try { out = Long.toHexString(Double.doubleToRawLongBits(Double.valueOf(in))); } catch (Exception e) { out = "ERR"; } break;
        case "float": try { out = Integer.toHexString(Float.floatToRawIntBits(Float.parseFloat(in))); } catch (Exception e) { out = "ERR"; } break;
        default: out = "?";
      }
      sb.append(k).append('\t').append(in).append('\t').append(out).append('\n');
    }
    Files.write(Paths.get("java_parse.txt"), sb.toString().getBytes());
  }
}
