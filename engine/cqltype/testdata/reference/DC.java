import java.math.*;
import java.nio.file.*;
public class DC { public static void main(String[] a) throws Exception {
  StringBuilder sb = new StringBuilder();
  for (String l : Files.readAllLines(Paths.get("decs.txt"))) { String[] p = l.split(" ");
    BigDecimal b = new BigDecimal(new BigInteger(p[0]), Integer.parseInt(p[1]));
    sb.append(l).append(' ').append(b.toString()).append('\n'); }
  Files.write(Paths.get("decs_java.txt"), sb.toString().getBytes()); } }
