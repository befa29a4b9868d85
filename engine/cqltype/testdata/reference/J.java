import java.nio.file.*;
import java.util.*;
import java.math.*;
public class J {
  public static void main(String[] a) throws Exception {
    StringBuilder sb = new StringBuilder();
    for (String line : Files.readAllLines(Paths.get("doubles.txt"))) {
      String[] p = line.split(" ");
      double d = Double.longBitsToDouble(Long.parseUnsignedLong(p[0], 16));
      float f = Float.intBitsToFloat((int) Long.parseLong(p[2], 16));
      String bd;
      try { bd = BigDecimal.valueOf(d).toString(); } catch (Exception e) { bd = "ERR"; }
      sb.append(line).append(' ').append(Double.toString(d)).append(' ').append(Float.toString(f)).append(' ').append(bd).append(' ').append(new BigDecimal(Float.toString(f)).toString()).append('\n');
    }
    Files.write(Paths.get("doubles_java.txt"), sb.toString().getBytes());
  }
}
