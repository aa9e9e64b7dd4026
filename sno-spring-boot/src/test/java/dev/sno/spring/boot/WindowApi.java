package dev.sno.spring.boot;

import dev.sno.SnoIdRange;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Endpoints taking time windows, for the Spring MVC and the WebFlux tests alike. */
@RestController
class WindowApi {

    @GetMapping("/window")
    String window(SnoIdRange window) {
        return window.from() + ".." + window.to();
    }

    @GetMapping("/named-window")
    String namedWindow(@SnoTimeWindow(from = "since", to = "until") SnoIdRange window) {
        return window.from() + ".." + window.to();
    }

    @GetMapping("/same-names")
    String sameNames(@SnoTimeWindow(from = "t", to = "t") SnoIdRange window) {
        return window.toString();
    }
}
